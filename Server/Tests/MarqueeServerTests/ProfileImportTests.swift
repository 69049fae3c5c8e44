@testable import MarqueeServer
import Foundation
import NIOCore
import MarqueeModel
import Testing

/// Bulk profile imports: CSV and NDJSON read record by record whatever the chunking, applied in
/// batches, with every bad line reported by number and the others imported.
@Suite("Profile imports", .serialized)
struct ProfileImportTests {
    private func importBody(_ server: TestServer, _ app: Fixtures.CreatedApp, _ body: String, type: String) async throws -> ProfileImport.Report {
        try await finishedImport(server, app, body, type: type).report
    }

    /// Posts an import, and reads its job until it has finished (bounded generously: the suite
    /// shares the machine).
    private func finishedImport(_ server: TestServer, _ app: Fixtures.CreatedApp, _ body: String, type: String) async throws -> ImportJob {
        let response = try await server.send(.POST, "/api/v1/apps/\(app.id)/profiles/import", headers: [("Content-Type", type)], rawBody: body)
        #expect(response.status == .accepted, "\(response.text)")
        let job = try response.decode(ImportJob.self)
        let location = try #require(response.headers.first(name: .location))
        #expect(location == "/api/v1/apps/\(app.id.uuidString.lowercased())/profiles/imports/\(job.id.uuidString.lowercased())")
        // Reads back off, so a slow machine does not spend the admin rate limit (the test clock
        // never refills it) before the import ends.
        let deadline = ContinuousClock.now + .seconds(120)
        var pause = Duration.milliseconds(10)
        while ContinuousClock.now < deadline {
            let answer = try await server.send(.GET, location)
            #expect(answer.status == .ok, "\(answer.text)")
            let read = try answer.decode(ImportJob.self)
            if read.status != .queued && read.status != .running { return read }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(500))
        }
        Issue.record("the import did not finish"); throw CancellationError()
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

            // A type that names no format is refused even with `format`, before it takes a place
            // in the queue; `format` names the format of an untyped body and must agree with a type.
            let path = "/api/v1/apps/\(app.id)/profiles/import"
            for (type, query) in [("text/plain", ""), ("text/plain", "?format=csv"), ("text/csv", "?format=ndjson"), ("application/octet-stream", "")] {
                let refused = try await server.send(.POST, path + query, headers: [("Content-Type", type)], rawBody: "userID\nu9\n")
                #expect(refused.status == .unsupportedMediaType, "\(type) \(query)")
            }
            #expect(try await server.send(.POST, path + "?format=xml", headers: [("Content-Type", "text/csv")], rawBody: "x").status == .badRequest)
            let untyped = try await server.send(.POST, path + "?format=csv", headers: [("Content-Type", "application/octet-stream")], rawBody: "userID,tier\nu9,gold\n")
            #expect(untyped.status == .accepted)
        }
    }

    /// Excel saves "CSV UTF-8" with a byte-order mark before the header: the import skips it, in
    /// CSV and NDJSON, and a mark anywhere else is text like any other.
    @Test func aByteOrderMarkBeforeTheFirstRecordIsSkipped() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let csv = "\u{FEFF}userID,tier,points:number\r\nada,gold,12\r\nbob,silver,3\r\n"
            let report = try await importBody(server, app, csv, type: "text/csv")
            #expect(report == ProfileImport.Report(imported: 2, failed: 0, errors: []), "\(report)")
            #expect(try await profile(server, app, "ada").attributes == ["tier": .string("gold"), "points": .number(12)])

            let ndjson = "\u{FEFF}" + #"{"userID": "cy", "attributes": {"tier": "bronze"}}"# + "\n"
            #expect(try await importBody(server, app, ndjson, type: "application/x-ndjson").imported == 1)
            #expect(try await profile(server, app, "cy").attributes == ["tier": .string("bronze")])
        }

        // Whatever the chunks, the mark is taken off the start only.
        let text = Array("\u{FEFF}userID\n\u{FEFF}ada\n".utf8)
        var bytewise = RecordSplitter(format: .csv)
        let records = text.flatMap { bytewise.feed([$0]) } + bytewise.finish()
        #expect(records.map(\.bytes) == [Array("userID".utf8), Array("\u{FEFF}ada".utf8)])
        var partial = RecordSplitter(format: .csv)
        #expect(partial.feed([0xEF, 0xBB]) == [] && partial.finish().map(\.bytes) == [[0xEF, 0xBB]], "half a mark is kept as text")
        var broken = RecordSplitter(format: .ndjson)
        #expect((broken.feed([0xEF, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\n")])).map(\.bytes) == [[0xEF, UInt8(ascii: "{"), UInt8(ascii: "}")]])
    }

    /// Runs an import of `bytes` as they are, invalid UTF-8 included, as the route runs one.
    private func importBytes(_ server: TestServer, _ app: Fixtures.CreatedApp, _ bytes: [UInt8],
                             format: RecordSplitter.Format) async throws -> ProfileImport.Report {
        try await ProfileImport(database: server.app.db, changes: server.app.marquee.userChanges, appID: app.id, clock: server.app.marquee.clock, format: format)
            .run(ByteBuffer(bytes: bytes))
    }

    /// Each line is checked as every other route checks its input: user IDs by the one rule (at most
    /// 256 bytes of UTF-8), text as UTF-8 without NUL, each column named once. A refusal names its line,
    /// and its column in a CSV; the other lines are imported.
    @Test func linesAreCheckedAsEveryRouteChecksItsInputAndRefusalsNameTheLineAndColumn() async throws {
        let fits = String(repeating: "\u{1F600}", count: IdentifierLimits.userID / 4)
        let wide = String(repeating: "\u{1F600}", count: IdentifierLimits.userID / 4 + 1)
        try await TestServer.with { server in
            let app = try await server.createApp()
            var csv = Array("tier,userID\n".utf8)
            csv += Array("gold,ada\n".utf8)                                          // line 2
            csv += Array("gold,\(String(repeating: "u", count: 257))\n".utf8)        // line 3: 257 bytes
            csv += Array("gold,\(wide)\n".utf8)                                       // line 4: 65 characters, 260 bytes
            csv += Array("gold,\(fits)\n".utf8)                                       // line 5: 64 characters, 256 bytes
            csv += Array("go".utf8) + [0xC3, 0x28] + Array(",bob\n".utf8)             // line 6: not UTF-8
            csv += Array("gold,c".utf8) + [0] + Array("y\n".utf8)                    // line 7: a NUL
            let report = try await importBytes(server, app, csv, format: .csv)
            #expect(report.imported == 2)
            #expect(report.errors == [
                .init(line: 3, message: "column 2 (userID): userID must be at most 256 bytes of UTF-8, not 257"),
                .init(line: 4, message: "column 2 (userID): userID must be at most 256 bytes of UTF-8, not 260"),
                .init(line: 6, message: "column 1 (tier): is not UTF-8 (byte 3)"),
                .init(line: 7, message: "column 2 (userID): has a NUL byte (byte 2)"),
            ])
            #expect(try await profile(server, app, "ada").attributes == ["tier": .string("gold")])

            for header in ["userID,tier,tier\n", "userID,tier,tier:number\n", "userID,tags,tags\n", "userID,tier,userID\n"] {
                let repeated = try await importBytes(server, app, Array((header + "bob,a,b\n").utf8), format: .csv)
                #expect(repeated.imported == 0, "\(header)")
                #expect(repeated.errors.count == 1 && repeated.errors.first?.line == 1, "\(header)")
                #expect(repeated.errors.first?.message.contains("column 3") == true, "\(repeated.errors)")
            }
            let badHeader = try await importBytes(server, app, Array("userID,ti".utf8) + [0xFF] + Array("er\nbob,a\n".utf8), format: .csv)
            #expect(badHeader.errors == [.init(line: 1, message: "column 2: is not UTF-8 (byte 3)")])

            var ndjson = Array(#"{"userID": "\#(wide)"}"#.utf8) + [10]                 // line 1
            ndjson += Array(#"{"userID": "\#(fits)", "addTags": ["vip"]}"#.utf8) + [10] // line 2
            ndjson += Array(#"{"userID": "dee", "attributes": {"tier": "g"#.utf8) + [0xE2, 0x82] + Array(#""}}"#.utf8) + [10] // line 3
            ndjson += Array(#"{"userID": "eve", "attributes": {"tier": "a\u0000b"}}"#.utf8) + [10] // line 4
            ndjson += Array(#"{"userID": ""}"#.utf8) + [10]                             // line 5
            let lines = try await importBytes(server, app, ndjson, format: .ndjson)
            #expect(lines.imported == 1)
            #expect(lines.errors == [
                .init(line: 1, message: "userID must be at most 256 bytes of UTF-8, not 260"),
                .init(line: 3, message: "the line is not UTF-8 (byte 44)"),
                .init(line: 4, message: "a text holds NUL (\\u0000), which cannot be stored"),
                .init(line: 5, message: "userID must not be empty"),
            ])
            #expect(try await profile(server, app, fits.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!).tags == ["vip"])
        }
    }

    @Test func anImportRunsBehindItsRequestAndReportsHowItEnded() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let rows = (0..<1_200).map { "user-\($0),\($0 % 3 == 0 ? "gold" : "silver")" }.joined(separator: "\n")
            let job = try await finishedImport(server, app, "userID,tier\n" + rows + "\nbad\n", type: "text/csv")
            #expect(job.status == .done)
            #expect(job.report.imported == 1_200)
            #expect(job.report.failed == 1)
            #expect(job.report.errors.first?.line == 1_202)
            #expect(job.format == "csv")
            #expect(job.finishedAt != nil)
            #expect(try await profile(server, app, "user-3").attributes["tier"] == .string("gold"))

            // Another app's import is not this app's.
            let other = try await server.createApp(Fixtures.NewApp(name: "Other", subscriptionID: "other-sub"))
            let foreign = try await server.send(.GET, "/api/v1/apps/\(other.id)/profiles/imports/\(job.id)")
            #expect(foreign.status == .notFound)
            #expect(try await server.send(.GET, "/api/v1/apps/\(app.id)/profiles/imports/not-an-id").status == .badRequest)
        }
    }

    @Test func aJobWhoseServerStoppedReadsAsInterrupted() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let job = try await finishedImport(server, app, "userID\nada\n", type: "text/csv")
            // As a job looks when its instance died mid-run: running, and not moving.
            let record = try #require(try await ImportJobRecord.find(job.id, on: server.app.db))
            record.status = ImportJob.Status.running.rawValue
            try await record.update(on: server.app.db)
            let location = "/api/v1/apps/\(app.id)/profiles/imports/\(job.id)"
            #expect(try await server.send(.GET, location).decode(ImportJob.self).status == .running)
            server.clock.advance(by: ImportJob.stalledAfter + 1)
            #expect(try await server.send(.GET, location).decode(ImportJob.self).status == .interrupted)
        }
    }
}
