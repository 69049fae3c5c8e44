import Foundation
@testable import Marquee
import MarqueeModel
import MarqueeTesting
import Testing

/// The `identity` area: what the SDK sends for the user its provider reports. (Signatures are
/// computed by the app's backend, never by the SDK: the Swift SDK declares them skipped.)
enum IdentityCases {
    static func run(_ contractCase: ContractCase) throws {
        switch contractCase.kind {
        case "userInfo": try userInfo(contractCase)
        default: throw ContractError.unknownKind(contractCase.id, contractCase.kind)
        }
    }

    /// What a provider reports; every value may be absent.
    struct Provider: SignedUserInfoProvider, Decodable {
        let userID: String?
        let idTrackingIdentifier: String?
        let accessToken: String?
        let userSignature: String?
    }

    struct UserInfoInput: Decodable {
        let provider: Provider
    }

    /// What the SDK sends: the identifiers, the token, and the signature; `null` when not sent.
    struct Sent: Decodable, Equatable {
        let userID: String?
        let idTrackingIdentifier: String?
        let accessToken: String?
        let userSignature: String?
    }

    struct SentExpectation: ContractExpectation {
        let sent: Sent
        static let keys: Set<String> = ["sent"]
    }

    static func userInfo(_ contractCase: ContractCase) throws {
        let input = try contractCase.input(as: UserInfoInput.self)
        let expected = try contractCase.expected(as: SentExpectation.self)
        let info = UserInfo(reading: input.provider)
        let sent = Sent(userID: info.identity.userID, idTrackingIdentifier: info.identity.idTrackingIdentifier,
                        accessToken: info.accessToken, userSignature: info.signature)
        #expect(sent == expected.sent)
    }
}
