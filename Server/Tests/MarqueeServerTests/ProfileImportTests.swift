@testable import MarqueeServer
import Foundation
import MarqueeModel
import Testing

/// Bulk profile imports: CSV and NDJSON read record by record whatever the chunking, applied in
/// batches, with every bad line reported by number and the others imported.
@Suite("Profile imports", .serialized)
struct ProfileImportTests {
    private func importBody(_ server: TestServer, _ app: Fixtures.CreatedApp, _ body: String, type: String) async throws -> ProfileImport.Report {
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/profiles/import", headers: [("Content-Type", type)], rawBody: body)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode(ProfileImport.Report.self)
    }

    private func profile(_ server: TestServer, _ app: Fixtures.CreatedApp, _ user: String) async throws -> UsersController.ProfileResource {
        try await server.send(.GET, "/api/v1/apps/\(app.id)/users/\(user)/profile").decode(ProfileDTO.self).resource(user)
    }

    private struct ProfileDTO: Decodable {
        var attributes: [String: ProfileValue]
        var tags: [String]
        func resource(_ user: String) -> UsersController.ProfileResource {
            var profile = UserProfile()
            profile.attributes = attributes
            profile.tags = tags
            return UsersController.ProfileResource(userID: user, profile)
        }
    }

    @Test func recordsAreTheSameWhateverTheChunks() {
        let text = "userID,note\r\nada,\"one, \"\"two\"\"\nthree\"\n\nbob,plain\ncy,\"open"
        var whole = RecordSplitter(format: .csv)
        let all = whole.feed(Array(text.utf8)) + whole.finish()
        var bytewise = RecordSplitter(format: .csv)
        let pieces = text.utf8.flatMap { bytewise.feed([$0]) } + bytewise.finish()
        #expect(all == pieces)
        #expect(all.map(\.line) == [1, 2, 5, 6])
        #expect(RecordSplitter.csvFields(all[1].bytes!) == ["ada", "one, \"two\"\nthree"])
        #expect(RecordSplitter.csvFields(all[3].bytes!) == nil, "an unclosed quote")
        var small = RecordSplitter(format: .ndjson, maxRecordBytes: 8)
        let records = small.feed(Array("{\"a\":1}\n{\"long\":\"xxxxxxxx\"}\n{}\n".utf8))
        #expect(records.map(\.bytes) == [Array("{\"a\":1}".utf8), nil, Array("{}".utf8)])
    }

    @Test(arguments: TestDatabase.available)
    func aCSVImportsTypedColumnsAndReportsBadLines(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            var csv = "userID,tier,points:number,vip:boolean,renewal:date,interests:list,tags\n"
            csv += "ada,gold,1200,true,2026-03-01T00:00:00Z,shoes|bags,beta|newsletter\n"
            csv += "\"bob\",\"silver, with a comma\",,false,,,\n"
            csv += "cy,gold,lots,true,,,\n"                  // line 4: not a number
            csv += ",gold,1,true,,,\n"                       // line 5: no user ID
            csv += "dee,gold\n"                              // line 6: too few fields
            csv += "eve,gold,1,maybe,,,\n"                   // line 7: not a boolean
            csv += "fay,\"gold\nplus\",7,true,,,\n"          // lines 8-9: a line break inside quotes
            csv += "gus,gold,1,true,,,bad tag\n"             // line 10: a tag with a space
            let report = try await importBody(server, app, csv, type: "text/csv")
            #expect(report.imported == 3)
            #expect(report.failed == 5)
            #expect(report.errors.map(\.line) == [4, 5, 6, 7, 10])
            #expect(report.errors.first?.message == "points: “lots” is not number")
            let ada = try await profile(server, app, "ada")
            #expect(ada.attributes == ["tier": .string("gold"), "points": .number(1200), "vip": .boolean(true),
                                       "renewal": .date(MarqueeJSON.parseDate("2026-03-01T00:00:00Z")!), "interests": .list(["shoes", "bags"])])
            #expect(ada.tags == ["beta", "newsletter"])
            #expect(try await profile(server, app, "bob").attributes == ["tier": .string("silver, with a comma"), "vip": .boolean(false)])
            #expect(try await profile(server, app, "fay").attributes["tier"] == .string("gold\nplus"))

            // The index follows: an audience counts the imported users.
            let audience = try await server.send(.POST, "/api/v1/apps/\(app.id)/audience",
                                                 raw: #"{"rule": {"attribute": "tier", "operator": "equals", "value": "gold"}}"#)
            #expect(audience.json["users"] as? Int == 1)

            let header = try await importBody(server, app, "user,tier\nada,gold\n", type: "text/csv")
            #expect(header == ProfileImport.Report(imported: 0, failed: 1, errors: [.init(line: 1, message: "the header row names userID once")]),
                    "without its columns no row is read")
        }
    }

    @Test(arguments: TestDatabase.available)
    func ndjsonImportsInBatchesAndRemovesWithNull(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let users = (0..<1_234).map { #"{"userID": "u\#($0)", "attributes": {"rank": \#($0), "tier": "gold"}, "addTags": ["early"]}"# }
            let many = try await importBody(server, app, users.joined(separator: "\n"), type: "application/x-ndjson")
            #expect(many == ProfileImport.Report(imported: 1_234, failed: 0, errors: []))
            #expect(try await profile(server, app, "u1233").attributes == ["rank": .number(1_233), "tier": .string("gold")])

            let lines = [
                #"{"userID": "u1", "attributes": {"tier": null}, "removeTags": ["early"]}"#,
                #"{"userID": "u2", "colour": "red"}"#,
                #"not json"#,
                #"{"userID": "u3", "attributes": {"tier": 3e999}}"#,
                #"{"userID": "u4", "attributes": {"bio": "\#(String(repeating: "x", count: 70_000))"}}"#,
                #"{"userID": "u5", "attributes": {"bad name": 1}}"#,
            ]
            let report = try await importBody(server, app, lines.joined(separator: "\n") + "\n", type: "application/x-ndjson")
            #expect(report.imported == 1)
            #expect(report.errors.map(\.line) == [2, 3, 4, 5, 6])
            #expect(report.errors[0].message == "colour is not a known field (userID, attributes, addTags, removeTags)")
            #expect(report.errors[3].message == "the line is longer than 64 KB")
            #expect(report.errors[4].message == "attributes.bad name: \(ProfileName.rule)")
            let u1 = try await profile(server, app, "u1")
            #expect(u1.attributes == ["rank": .number(1)] && u1.tags.isEmpty)

            let unknown = try await server.send(.POST, "/api/v1/apps/\(app.id)/profiles/import", headers: [("Content-Type", "text/plain")], rawBody: "x")
            #expect(unknown.status == .unsupportedMediaType)
        }
    }
}
