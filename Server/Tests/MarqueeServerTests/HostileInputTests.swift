import Foundation
import MarqueeModel
import MarqueeWire
import Testing

/// Inputs an attacker (or a careless script) sends: each is refused with a clear error and
/// nothing is stored, and nothing it leaves behind can spoil what devices are served.
@Suite("Hostile input")
struct HostileInputTests {
    private func campaign(_ message: String) -> String {
        #"{"name": "Hostile", "status": "active", "message": \#(message), "triggers": {"triggers": [{"event": "appStart"}]}}"#
    }

    @Test func anOversizedTitleIsRefusedBeforeAnyRendering() async throws {
        try await TestServer.with { server in
            let title = String(repeating: "W", count: 40_000)
            let response = try await server.send(.POST, "/api/v1/preview", raw: #"{"format": "text", "width": 16, "message": {"kind": "modal", "title": "\#(title)"}}"#)
            #expect(response.status == .unprocessableEntity)
            #expect(response.errorFields == ["message.title"])
        }
    }

    @Test(arguments: ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,<b>x</b>",
                      "vbscript:msgbox", "file:///etc/passwd"])
    func unsafeLinksAreRefused(_ link: String) async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let encoded = String(decoding: try JSONEncoder().encode(link), as: UTF8.self)
            let button = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaign(
                #"{"kind": "modal", "title": "Hi", "buttons": [{"id": "go", "text": "Go", "action": {"type": "deepLink", "uri": \#(encoded)}}]}"#))
            #expect(button.status == .unprocessableEntity)
            #expect(button.errorFields == ["message.buttons[0].action.uri"])
            let tooltip = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaign(
                #"{"kind": "tooltip", "title": "Hi", "tooltip": {"targetElementID": "cart", "redirectURL": \#(encoded)}}"#))
            #expect(tooltip.status == .unprocessableEntity, "\(tooltip.text)")
            #expect(tooltip.errorFields == ["message.tooltip.redirectURL"])
            #expect(try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all)).campaigns.isEmpty)
        }
    }

    @Test func aNameOfCombiningMarksIsCountedByItsScalars() async throws {
        try await TestServer.with { server in
            let name = "a" + String(repeating: "\u{0301}", count: 5_000)
            let encoded = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
            let response = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": \#(encoded)}"#)
            #expect(response.status == .unprocessableEntity)
            #expect(response.errorFields == ["name"])
            let flags = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "Shop 🇫🇷🇩🇪 👨‍👩‍👧"}"#)
            #expect(flags.status == .created, "flags and family emoji are a few characters each")
        }
    }

    @Test func aNumberOfTheWrongKindNamesItsField() async throws {
        try await TestServer.with { server in
            let response = try await server.send(.POST, "/api/v1/apps", raw: #"{"name": "Shop", "rolloutPercentage": 50.5}"#)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("rolloutPercentage: must be a whole number in range"), "\(response.text)")
            #expect(!response.text.contains("not valid JSON"))
        }
    }

    @Test(arguments: TestDatabase.available)
    func deeplyNestedCustomJSONCannotPoisonPings(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let healthy = try await server.createCampaign(Fixtures.modal("Healthy"), in: app)
            func nested(_ depth: Int) -> String { String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth) }

            let poison = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaign(
                #"{"kind": "modal", "title": "Hi", "customJSON": \#(nested(506))}"#))
            #expect(poison.status == .badRequest, "refused while it is read")
            let deep = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaign(
                #"{"kind": "modal", "title": "Hi", "customJSON": \#(nested(40))}"#))
            #expect(deep.status == .unprocessableEntity)
            #expect(deep.errorFields == ["message.customJSON"])
            let big = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaign(
                #"{"kind": "modal", "title": "Hi", "customJSON": {"blob": "\#(String(repeating: "x", count: 20_000))"}}"#))
            #expect(big.status == .unprocessableEntity)

            let fine = try await server.send(.POST, "/api/v1/apps/\(app.id)/campaigns", raw: campaign(
                #"{"kind": "modal", "title": "Hi", "customJSON": \#(nested(20))}"#))
            #expect(fine.status == .created)
            let ping = try await server.ping(app, Fixtures.pingBody(capabilities: Capability.all))
            #expect(ping.campaigns.count == 2)
            #expect(ping.campaigns.contains { $0.id == healthy })
        }
    }

    @Test func previewsCarryTheirOwnPolicy() async throws {
        try await TestServer.with { server in
            let response = try await server.send(.POST, "/api/v1/preview", raw: #"{"message": {"kind": "modal", "title": "Hi"}}"#)
            #expect(response.status == .ok)
            #expect(response.headers.first(name: "Content-Security-Policy") == "sandbox allow-scripts; frame-ancestors 'self'")
            #expect(response.headers.first(name: .cacheControl) == "private, no-store")
        }
    }
}
