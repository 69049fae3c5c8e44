import Foundation
import MarqueeModel
import Testing

/// `marquee profiles import` reads a file larger than any request body into an app's profiles,
/// reports its bad lines by number, and a server on the same database targets the result.
@Suite("marquee profiles")
struct ProfilesCLITests {
    @Test func aLargeCSVIsImportedAndItsBadLinesReported() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("profiles-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("marquee.sqlite").path
        let app = try await LiveServer.with(storage: .sqliteFile(database)) { try await $0.createApp(subscriptionID: "cli-profiles") }

        // 30,000 users, about 1.7 MB: more than one request may carry.
        var csv = "userID,tier,points:number,interests:list,tags\n"
        for index in 0..<30_000 {
            let points = index == 12_345 ? "many" : String(index)
            csv += "user-\(index),\(index % 3 == 0 ? "gold" : "silver"),\(points),\"shoes|bags, and more\",beta|wave-\(index % 4)\n"
        }
        let file = directory.appendingPathComponent("users.csv")
        try Data(csv.utf8).write(to: file)
        #expect(csv.utf8.count > 1 << 20)

        let run = try await UsersCLITests.marquee(["profiles", "import", "--database", database, "--app", "cli-profiles", file.path])
        #expect(run.status == 1, "a failed line makes the exit status 1: \(run.output)")
        #expect(run.output.contains("line 12347: points: “many” is not number"), "\(run.output)")
        #expect(run.output.contains("Imported 29999 profiles; 1 lines failed."), "\(run.output)")
        #expect(run.output.contains("imported 29500, failed 1"), "progress is shown as it goes")

        let unknown = try await UsersCLITests.marquee(["profiles", "import", "--database", database, "--app", "nope", file.path])
        #expect(unknown.status != 0 && unknown.output.contains("no app has the ID or subscription ID “nope”"), "\(unknown.output)")

        try await LiveServer.with(storage: .sqliteFile(database)) { server in
            let profile = try JSONSerialization.jsonObject(with: try await server.admin("GET", "api/v1/apps/\(app.id)/users/user-29999/profile"))
                as? [String: Any]
            #expect((profile?["attributes"] as? [String: Any])?["interests"] as? [String] == ["shoes", "bags, and more"])
            #expect(profile?["tags"] as? [String] == ["beta", "wave-3"])
            struct RuleBody: Encodable { var rule: SegmentRule }
            let size = try JSONSerialization.jsonObject(with: try await server.admin(
                "POST", "api/v1/apps/\(app.id)/audience",
                body: RuleBody(rule: .attribute(ProfileCondition(attribute: "tier", operator: .equals, value: .string("gold")))))) as? [String: Any]
            #expect(size?["users"] as? Int == 9_999, "every third user is gold, and user-12345 was not imported")
        }
    }
}
