import Foundation
import MarqueeServer
import Testing

@Suite("Server configuration")
struct ConfigurationTests {
    @Test func defaultsNeedNoSetup() throws {
        let configuration = try ServerConfiguration.resolve(host: nil, port: nil, database: nil, publicURL: nil,
                                                            seedsDemo: false, environment: [:])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.storage == .sqliteFile("marquee.sqlite"))
        #expect(configuration.adminToken == nil)
    }

    @Test func flagsWinOverEnvironment() throws {
        let configuration = try ServerConfiguration.resolve(
            host: "0.0.0.0", port: 9000, database: "/tmp/x.sqlite", publicURL: nil, seedsDemo: true,
            environment: ["MARQUEE_PORT": "7000", "MARQUEE_DATABASE": "/tmp/env.sqlite", "MARQUEE_PUBLIC_URL": "https://iam.example.com"])
        #expect(configuration.port == 9000)
        #expect(configuration.storage == .sqliteFile("/tmp/x.sqlite"))
        #expect(configuration.publicURL?.absoluteString == "https://iam.example.com")
        #expect(configuration.seedsDemo)
    }

    @Test func databaseURLSelectsPostgres() throws {
        let configuration = try ServerConfiguration.resolve(host: nil, port: nil, database: nil, publicURL: nil, seedsDemo: false,
                                                            environment: ["DATABASE_URL": "postgres://u:p@localhost/marquee"])
        #expect(configuration.storage == .postgres(url: "postgres://u:p@localhost/marquee"))
    }

    @Test func bothDatabasesAtOnceIsAnError() {
        for database in ["/tmp/x.sqlite", nil] {
            let environment = ["DATABASE_URL": "postgres://u:p@localhost/marquee"].merging(
                database == nil ? ["MARQUEE_DATABASE": "/tmp/env.sqlite"] : [:]) { $1 }
            #expect {
                try ServerConfiguration.resolve(host: nil, port: nil, database: database, publicURL: nil, seedsDemo: false,
                                                environment: environment)
            } throws: { error in
                (error as? ConfigurationError)?.problems.contains { $0.contains("keep one") } == true
            }
        }
    }

    @Test func idleTimeoutIsReadAndChecked() throws {
        let configured = try ServerConfiguration.resolve(host: nil, port: nil, database: nil, publicURL: nil, idleTimeout: 5,
                                                         seedsDemo: false, environment: [:])
        #expect(configured.idleTimeoutSeconds == 5)
        #expect(try ServerConfiguration.resolve(host: nil, port: nil, database: nil, publicURL: nil, seedsDemo: false,
                                                environment: [:]).idleTimeoutSeconds == 60)
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.resolve(host: nil, port: nil, database: nil, publicURL: nil, seedsDemo: false,
                                            environment: ["MARQUEE_IDLE_TIMEOUT": "soon"])
        }
    }

    @Test func everyBadValueIsNamed() {
        #expect {
            try ServerConfiguration.resolve(host: nil, port: nil, database: nil, publicURL: "ftp://x", seedsDemo: false, environment: [
                "MARQUEE_PORT": "eighty", "DATABASE_URL": "mysql://x", "MARQUEE_ADMIN_TOKEN": "short", "LOG_LEVEL": "loud",
            ])
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems ?? []
            return problems.count == 5
                && problems.contains { $0.contains("MARQUEE_PORT") }
                && problems.contains { $0.contains("DATABASE_URL") }
                && problems.contains { $0.contains("public URL") }
                && problems.contains { $0.contains("MARQUEE_ADMIN_TOKEN") }
                && problems.contains { $0.contains("LOG_LEVEL") }
        }
    }

    @Test func portOutOfRangeIsRejected() {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.resolve(host: nil, port: 70000, database: nil, publicURL: nil, seedsDemo: false, environment: [:])
        }
    }
}
