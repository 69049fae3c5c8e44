import Foundation
import MarqueeServer
import Testing

@Suite("Server configuration")
struct ConfigurationTests {
    @Test func defaultsNeedNoSetup() throws {
        let configuration = try ServerConfiguration.resolve(environment: [:])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.storage == .sqliteFile("marquee.sqlite"))
        #expect(configuration.adminToken == nil)
    }

    @Test func theDataDirectoryHoldsTheDatabaseAndTheGeneratedToken() throws {
        let fromEnvironment = try ServerConfiguration.resolve(environment: ["MARQUEE_DATA_DIR": "/var/lib/marquee"])
        #expect(fromEnvironment.storage == .sqliteFile("/var/lib/marquee/marquee.sqlite"))
        #expect(fromEnvironment.adminTokenFile == "/var/lib/marquee/admin-token")
        let named = try ServerConfiguration.resolve(.with { $0.dataDirectory = "/srv/m"; $0.database = "/data/other.sqlite" },
            environment: ["MARQUEE_DATA_DIR": "/var/lib/marquee"])
        #expect(named.storage == .sqliteFile("/data/other.sqlite"), "--database names the file itself")
        #expect(named.adminTokenFile == "/srv/m/admin-token", "the flag wins over the environment")
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.resolve(.with { $0.dataDirectory = "" }, environment: [:])
        }
    }

    @Test func flagsWinOverEnvironment() throws {
        let configuration = try ServerConfiguration.resolve(.with { $0.host = "0.0.0.0"; $0.port = 9000; $0.database = "/tmp/x.sqlite" }, seedsDemo: true,
            environment: ["MARQUEE_PORT": "7000", "MARQUEE_DATABASE": "/tmp/env.sqlite", "MARQUEE_PUBLIC_URL": "https://iam.example.com"])
        #expect(configuration.port == 9000)
        #expect(configuration.storage == .sqliteFile("/tmp/x.sqlite"))
        #expect(configuration.publicURL?.absoluteString == "https://iam.example.com")
        #expect(configuration.seedsDemo)
    }

    @Test func appleAppIDsAreReadAndEachWrongOneIsNamed() throws {
        let configuration = try ServerConfiguration.resolve(environment: ["MARQUEE_APPLE_APP_IDS": "ABCDE12345.com.example.shop, 0123456789.com.example.shop-beta"])
        #expect(configuration.appleAppIDs.map(\.description) == ["ABCDE12345.com.example.shop", "0123456789.com.example.shop-beta"])
        #expect(configuration.appleAppIDs.first?.teamID == "ABCDE12345")

        let flag = try ServerConfiguration.resolve(.with { $0.appleAppIDs = "ZYXWV98765.app" },
            environment: ["MARQUEE_APPLE_APP_IDS": "ABCDE12345.com.example.shop"])
        #expect(flag.appleAppIDs.map(\.description) == ["ZYXWV98765.app"], "the flag wins over the environment")

        #expect(problems(appleAppIDs: "com.example.shop,abcde12345.com.example,ABCDE12345.com..example,ABCDE12345") == [
            "Apple app ID 'com.example.shop': the team ID before the first dot must be 10 capital letters and digits",
            "Apple app ID 'abcde12345.com.example': the team ID before the first dot must be 10 capital letters and digits",
            "Apple app ID 'ABCDE12345.com..example': the bundle ID after the team ID must be up to 155 letters, digits, hyphens and dots",
            "Apple app ID 'ABCDE12345' must be TEAMID.bundle.id, such as ABCDE12345.com.example.shop",
        ])
        let many = (0..<51).map { "ABCDE12345.app\($0)" }.joined(separator: ",")
        #expect(problems(appleAppIDs: many) == ["at most 50 Apple app IDs can be listed (got 51)"])
    }

    /// What the server refuses to start with when `MARQUEE_APPLE_APP_IDS` is `list`.
    private func problems(appleAppIDs list: String) -> [String] {
        do {
            _ = try ServerConfiguration.resolve(environment: ["MARQUEE_APPLE_APP_IDS": list])
            return []
        } catch {
            return error.problems
        }
    }

    @Test func databaseURLSelectsPostgres() throws {
        let configuration = try ServerConfiguration.resolve(environment: ["DATABASE_URL": "postgres://u:p@localhost/marquee"])
        #expect(configuration.storage == .postgres(url: "postgres://u:p@localhost/marquee"))
    }

    @Test func bothDatabasesAtOnceIsAnError() {
        for database in ["/tmp/x.sqlite", nil] {
            let environment = ["DATABASE_URL": "postgres://u:p@localhost/marquee"].merging(
                database == nil ? ["MARQUEE_DATABASE": "/tmp/env.sqlite"] : [:]) { $1 }
            #expect {
                try ServerConfiguration.resolve(.with { $0.database = database }, environment: environment)
            } throws: { error in
                (error as? ConfigurationError)?.problems.contains { $0.contains("keep one") } == true
            }
        }
    }

    @Test func connectionTimeoutsAreReadAndChecked() throws {
        let configured = try ServerConfiguration.resolve(.with { $0.idleTimeout = 5; $0.headerTimeout = 3 },
            environment: ["MARQUEE_BODY_TIMEOUT": "7"])
        #expect(configured.connections.idleTimeoutSeconds == 5)
        #expect(configured.connections.headerTimeoutSeconds == 3)
        #expect(configured.connections.bodyTimeoutSeconds == 7)
        let defaults = try ServerConfiguration.resolve(environment: [:]).connections
        #expect(defaults == ConnectionLimits())
        #expect((defaults.idleTimeoutSeconds, defaults.headerTimeoutSeconds, defaults.bodyTimeoutSeconds) == (60, 10, 30))
        #expect {
            try ServerConfiguration.resolve(.with { $0.bodyTimeout = 0 },
                environment: ["MARQUEE_IDLE_TIMEOUT": "soon", "MARQUEE_HEADER_TIMEOUT": "9999"])
        } throws: { error in
            let problems = (error as? ConfigurationError)?.problems ?? []
            return problems.count == 3 && problems.contains { $0.contains("MARQUEE_IDLE_TIMEOUT='soon'") }
                && problems.contains { $0.contains("header timeout") } && problems.contains { $0.contains("body timeout") }
        }
    }

    @Test func theDatabaseWaitIsReadAndChecked() throws {
        let standard = try ServerConfiguration.resolve(environment: [:])
        #expect(standard.databaseWaitSeconds == nil, "each database's own default")
        let flagged = try ServerConfiguration.resolve(.with { $0.databaseWait = 45 }, environment: ["MARQUEE_DATABASE_WAIT": "20"])
        #expect(flagged.databaseWaitSeconds == 45, "the flag wins")
        let fromEnvironment = try ServerConfiguration.resolve(environment: ["MARQUEE_DATABASE_WAIT": "20"])
        #expect(fromEnvironment.databaseWaitSeconds == 20)
        #expect {
            try ServerConfiguration.resolve(.with { $0.databaseWait = 0 }, environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.problems == ["the database wait timeout must be 1 to 3600 seconds (got 0)"]
        }
    }

    @Test func impressionRetentionIsReadAndChecked() throws {
        let keep = try ServerConfiguration.resolve(environment: [:])
        #expect(keep.impressionRetentionDays == nil, "raw impressions are kept unless an operator chooses a period")
        let flagged = try ServerConfiguration.resolve(.with { $0.impressionRetentionDays = 90 },
            environment: ["MARQUEE_IMPRESSION_RETENTION_DAYS": "30"])
        #expect(flagged.impressionRetentionDays == 90, "the flag wins over the environment")
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.resolve(environment: ["MARQUEE_IMPRESSION_RETENTION_DAYS": "0"])
        }
    }

    @Test func webhookDeliveryRetentionIsReadAndChecked() throws {
        #expect(try ServerConfiguration.resolve(environment: [:]).webhookDeliveryRetentionDays == 7)
        let environment = ["MARQUEE_WEBHOOK_DELIVERY_RETENTION_DAYS": "30"]
        #expect(try ServerConfiguration.resolve(environment: environment).webhookDeliveryRetentionDays == 30)
        let flagged = try ServerConfiguration.resolve(.with { $0.webhookDeliveryRetentionDays = 2 }, environment: environment)
        #expect(flagged.webhookDeliveryRetentionDays == 2, "the flag wins over the environment")
        #expect {
            try ServerConfiguration.resolve(environment: ["MARQUEE_WEBHOOK_DELIVERY_RETENTION_DAYS": "0"])
        } throws: { error in
            (error as? ConfigurationError)?.problems == ["the webhook delivery retention must be 1 to 36500 days (got 0)"]
        }
    }

    @Test func everyBadValueIsNamed() {
        #expect {
            try ServerConfiguration.resolve(.with { $0.publicURL = "ftp://x" }, environment: [
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
            try ServerConfiguration.resolve(.with { $0.port = 70000 }, environment: [:])
        }
    }
}
