import Foundation
import MarqueeWire
@testable import MarqueeServer
import Testing

/// Error codes are one list (``ErrorCode``): the API description names exactly that list, and the
/// codes the SDK matches are the ones the server sends.
@Suite struct ErrorCodeTests {
    @Test func theAPIDescriptionListsEveryErrorCodeAndNoOther() throws {
        let yaml = EmbeddedResources.openAPI
        let start = try #require(yaml.range(of: "description: What went wrong, for programs"))
        let listed = yaml[start.upperBound...].split(separator: "\n").dropFirst(2)
            .prefix { $0.hasPrefix("                - ") }.map { $0.dropFirst("                - ".count) }.map(String.init)
        #expect(listed == ErrorCode.allCases.map(\.rawValue))
    }

    @Test func theInboxCodesTheSDKMatchesAreTheServersOwn() {
        #expect(ErrorCode.inboxRequiresIdentity.rawValue == InboxErrorCode.requiresIdentity)
        #expect(ErrorCode.identityNotVerified.rawValue == InboxErrorCode.identityNotVerified)
        #expect(ErrorCode.inboxResyncRequired.rawValue == InboxErrorCode.resyncRequired)
    }

    @Test func everyCodeIsLowerSnakeCase() {
        for code in ErrorCode.allCases {
            #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code.rawValue)")
        }
    }
}
