import Foundation
@testable import MarqueeServer
import MarqueeTesting
import Testing

/// `identity/signature` through identity verification: on an app that requires it, with the
/// case's identity secret, an inbox sync for the case's user ID carrying the case's signature is
/// served, and the same signature with one hex digit changed is refused.
enum IdentitySignatureCases {
    struct Input: Decodable {
        let userID: String
        let identitySecret: String
    }

    struct Signature: ContractExpectation {
        let signature: String
        static let keys: Set<String> = ["signature"]
    }

    static func run(_ cases: [ContractCase], on server: TestServer) async throws {
        for contractCase in cases {
            do {
                try await run(contractCase, on: server)
            } catch {
                Issue.record(ServerContractRunner.failure(error, of: contractCase))
            }
        }
    }

    static func run(_ contractCase: ContractCase, on server: TestServer) async throws {
        let input = try contractCase.input(as: Input.self)
        let expected = try contractCase.expected(as: Signature.self)
        let app = try await server.createApp()
        try await server.setIdentitySecret(input.identitySecret, of: app)
        let required = try await server.send(.PATCH, "/api/v1/apps/\(app.id)", raw: #"{"identityVerification": "required"}"#)
        guard required.status == .ok else {
            throw ContractError.malformed(contractCase.id, "verification could not be required: \(required.text)")
        }

        let signed = try await server.inboxSyncResponse(app, user: input.userID, signature: expected.signature)
        #expect(signed.status == .ok, "\(contractCase.id): the case's signature is refused: \(signed.text)")
        let altered = alteringOneDigit(of: expected.signature)
        let forged = try await server.inboxSyncResponse(app, user: input.userID, signature: altered)
        #expect(forged.status == .unauthorized, "\(contractCase.id): \(altered), one digit off, is accepted")
    }

    /// `signature` with its last hex digit replaced by another (never the same digit in the other case).
    static func alteringOneDigit(of signature: String) -> String {
        guard let last = signature.last else { return "0" }
        return signature.dropLast() + (last.lowercased() == "0" ? "1" : "0")
    }
}

extension TestServer {
    /// Gives `app` the identity secret `secret`, as a rotation does but with a secret of the
    /// test's choosing (the admin API only makes new ones): the contract's cases name theirs.
    func setIdentitySecret(_ secret: String, of app: Fixtures.CreatedApp) async throws {
        let services = self.app.marquee
        let store = CatalogStore(database: self.app.db, clock: services.clock, catalog: services.catalog, directory: services.directory)
        let appID = app.id
        _ = try await store.changingApp(appID) { db in
            let (record, current) = try await CatalogStore.find(appID, on: db)
            var changed = current
            changed.identityKeys = IdentityKeys(current: secret, previous: nil, previousUntil: nil)
            return try await CatalogStore.save(changed, over: current, in: record, on: db)
        }
    }
}
