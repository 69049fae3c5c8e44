import Foundation
@testable import MarqueeServer
import MarqueeModel
import MarqueeTesting
import MarqueeWire
import Testing
import Vapor

/// Survey answers reach the server through `POST /v1/survey`: checked against the campaign's
/// survey, stored once per display, counted per question, paged, exported and erased, and
/// counted as a conversion when the goal names them.
@Suite struct SurveyAPITests {
    static func survey(goal: ConversionGoal? = nil) -> Campaign {
        var campaign = Fixtures.modal("Feedback")
        campaign.message = SampleMessages.message(.survey)
        campaign.goal = goal
        return campaign
    }

    @discardableResult
    static func answer(_ server: TestServer, _ app: Fixtures.CreatedApp, campaign: String, user: String?, batch: String,
                       answers: [SurveyAnswer], at millis: Int64 = 1_800_000_000_000) async throws -> TestResponse {
        let body = SurveyResponseRequest(campaignId: campaign, isTest: false,
                                         userIdentifiers: user.map { [UserIdentifierDTO(id: $0, type: .userID)] } ?? [],
                                         marqueeVariant: nil, answeredAt: millis, answers: answers, batchId: batch)
        return try await retryingWhileBusy {
            try await server.send(.POST, "/v1/survey", token: nil, subscription: app.subscriptionID, deviceID: "device-\(user ?? "none")",
                                  json: body)
        }
    }

    static func nps(_ score: Int) -> SurveyAnswer { SurveyAnswer(questionID: "recommend", value: .score(score)) }

    @Test func answersAreCountedPerQuestionAndStoredOncePerDisplay() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            let first = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d1", answers: [
                Self.nps(10), SurveyAnswer(questionID: "topics", value: .choices(["prices", "delivery"])),
            ])
            #expect(try first.decode(SurveyReceipt.self) == SurveyReceipt(stored: true, converted: false))
            let retry = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d1", answers: [Self.nps(10)])
            #expect(try retry.decode(SurveyReceipt.self).stored == false, "the same display is stored once")
            try await Self.answer(server, app, campaign: id, user: "bob", batch: "d2", answers: [
                Self.nps(3), SurveyAnswer(questionID: "topics", value: .choices(["prices"])),
                SurveyAnswer(questionID: "rating", value: .score(4)),
            ])
            try await Self.answer(server, app, campaign: id, user: nil, batch: "d3", answers: [Self.nps(9)])

            let results = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey").decode(SurveyResults.self)
            #expect(results.responses == 3)
            let nps = try #require(results.questions.first)
            #expect(nps.answered == 3)
            #expect(nps.values.map(\.count) == [0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1])
            #expect(nps.netPromoterScore == 33, "two promoters, one detractor, of three")
            #expect(nps.average == 7.33)
            let topics = try #require(results.questions.first { $0.id == "topics" })
            #expect(topics.answered == 2, "a response with two choices counts once")
            #expect(topics.values.map { "\($0.label)=\($0.count)" } == ["Delivery=1", "Prices=2", "Range=0"])
            #expect(results.questions.first { $0.id == "rating" }?.average == 4)
        }
    }

    @Test func answersThatDoNotFitAreRefusedAndNothingIsStored() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            let missing = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d1",
                                                answers: [SurveyAnswer(questionID: "rating", value: .score(5))])
            #expect(missing.status == .unprocessableEntity)
            #expect(missing.text.contains("'recommend' is required"))
            let outOfRange = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d2", answers: [Self.nps(11)])
            #expect(outOfRange.status == .unprocessableEntity)
            let plain = try await server.createCampaign(Fixtures.modal("Plain"), in: app)
            let notASurvey = try await Self.answer(server, app, campaign: plain, user: "ada", batch: "d3", answers: [Self.nps(5)])
            #expect(notASurvey.status == .unprocessableEntity)
            let noBatch = try await Self.answer(server, app, campaign: id, user: "ada", batch: "", answers: [Self.nps(5)])
            #expect(noBatch.status == .badRequest)
            let results = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey").decode(SurveyResults.self)
            #expect(results.responses == 0)
        }
    }

    @Test func textAnswersArePagedNewestFirstAndExportedAsInertCSV() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            let texts = ["=HYPERLINK(\"http://evil\")", "<script>alert(1)</script>", "Faster delivery, \"please\"", "Love it"]
            for (index, text) in texts.enumerated() {
                try await Self.answer(server, app, campaign: id, user: "u\(index)", batch: "d\(index)",
                                      answers: [Self.nps(index), SurveyAnswer(questionID: "more", value: .text(text))],
                                      at: 1_700_000_000_000 + Int64(index) * 1_000)
            }
            let base = "/api/v1/apps/\(app.id)/campaigns/\(id)/survey/answers?question=more&limit=3"
            let first = try await server.send(.GET, base).decode(SurveysController.TextAnswerPage.self)
            #expect(first.answers.map(\.text) == texts.reversed().prefix(3).map { $0 })
            let next = try #require(first.next)
            let second = try await server.send(.GET, base + "&after=\(next)").decode(SurveysController.TextAnswerPage.self)
            #expect(second.answers.map(\.text) == [texts[0]])
            #expect(second.next == nil)
            #expect(try await server.send(.GET, base.replacingOccurrences(of: "more", with: "topics")).status == .badRequest)
            #expect(try await server.send(.GET, base + "&after=nonsense").status == .badRequest)

            let csv = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey/export")
            #expect(csv.headers.contentType?.subType == "csv")
            let lines = csv.text.components(separatedBy: "\r\n")
            #expect(lines[0] == #""response","answeredAt","variant","user","recommend","rating","topics","more""#)
            #expect(lines.count == 6, "a header, four responses and the final line break")
            #expect(lines[1].hasSuffix(#""u0","0","","","'=HYPERLINK(""http://evil"")""#), "a formula is quoted and starts with '")
            #expect(lines[3].hasSuffix(#""Faster delivery, ""please""""#))
        }
    }

    /// A spreadsheet skips white space and control characters before a formula, so a cell is
    /// guarded by its first other character, wherever the text came from (here, a user ID).
    @Test func aFormulaAfterWhiteSpaceOrControlCharactersIsExportedInert() async throws {
        #expect(SurveyExport.cell("\n=1+1") == "\"'\n=1+1\"")
        #expect(SurveyExport.cell(" \u{0}\u{200B}\u{A0}@SUM(A1)") == "\"' \u{0}\u{200B}\u{A0}@SUM(A1)\"")
        #expect(SurveyExport.cell("\r\n+1") == "\"'\r\n+1\"")
        #expect(SurveyExport.cell("\t-1") == "\"'\t-1\"")
        #expect(SurveyExport.cell("\tplain") == "\"'\tplain\"", "a leading tab or return is guarded as before")
        #expect(SurveyExport.cell(" plain") == "\" plain\"")
        #expect(SurveyExport.cell("a=1") == "\"a=1\"")
        #expect(SurveyExport.cell("") == "\"\"")

        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            let stored = try await Self.answer(server, app, campaign: id, user: "\n=1+1", batch: "d1", answers: [Self.nps(5)])
            #expect(stored.status == .ok, "\(stored.text)")
            let csv = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey/export").text
            #expect(csv.contains("\"'\n=1+1\""), "\(csv)")
        }
    }

    /// A device's clock is its own: a time no calendar shows (−2^63 printed as the year −4712) is
    /// refused with the field named, on surveys as on impressions, and nothing is stored.
    @Test func deviceTimesOutsideTheCalendarAreRefusedAndNothingIsStored() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            for (index, millis) in [Int64.min, -1, 253_402_300_800_000, Int64.max].enumerated() {
                let refused = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d\(index)", answers: [Self.nps(5)], at: millis)
                #expect(refused.status == .badRequest, "\(millis): \(refused.text)")
                #expect(refused.text.contains("answeredAt"))
                let impression = try await server.send(.POST, "/v1/impression", token: nil, subscription: app.subscriptionID, deviceID: "d",
                                                       json: ImpressionBody(campaignId: id, impressions: [.init(type: 1, timestamp: millis)],
                                                                            userIdentifiers: [UserIdentifierDTO(id: "ada", type: .userID)],
                                                                            batchId: "i\(index)"))
                #expect(impression.status == .badRequest, "\(millis): \(impression.text)")
                #expect(impression.text.contains("impressions[0].timestamp"))
            }
            let lastDay = try await Self.answer(server, app, campaign: id, user: "ada", batch: "edge", answers: [Self.nps(5)],
                                                at: 253_402_300_799_999)
            #expect(lastDay.status == .ok, "the end of 9999 is a time; ahead of the server's clock, it counts as the arrival")
            let first = try await Self.answer(server, app, campaign: id, user: "bob", batch: "epoch", answers: [Self.nps(5)], at: 0)
            #expect(first.status == .ok, "a device whose clock was reset still answers")

            let results = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey").decode(SurveyResults.self)
            #expect(results.responses == 2)
            let csv = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey/export").text
            #expect(!csv.contains("-4712"))
            #expect(csv.contains("1970-01-01T00:00:00Z"))
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["impressions"] as? Int == 0)
        }
    }

    @Test func aSurveyGoalCountsTheAnswerItNamesOncePerUser() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(goal: ConversionGoal(event: .surveyAnswer, name: "recommend",
                                                                                      answers: ["9", "10"])), in: app)
            let promoter = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d1", answers: [Self.nps(10)])
            #expect(try promoter.decode(SurveyReceipt.self) == SurveyReceipt(stored: true, converted: true))
            let again = try await Self.answer(server, app, campaign: id, user: "ada", batch: "d2", answers: [Self.nps(9)])
            #expect(try again.decode(SurveyReceipt.self) == SurveyReceipt(stored: true, converted: false), "once per user")
            let detractor = try await Self.answer(server, app, campaign: id, user: "bob", batch: "d3", answers: [Self.nps(2)])
            #expect(try detractor.decode(SurveyReceipt.self).converted == false)
            let anonymous = try await Self.answer(server, app, campaign: id, user: nil, batch: "d4", answers: [Self.nps(10)])
            #expect(try anonymous.decode(SurveyReceipt.self) == SurveyReceipt(stored: true, converted: false),
                    "answers that name no one convert no one")
            let stats = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/stats").json
            #expect(stats["conversions"] as? Int == 1)
            let reported = try await server.send(.POST, "/v1/conversion", token: nil, subscription: app.subscriptionID, json:
                ConversionRequest(campaignId: id, isTest: false, userIdentifiers: [UserIdentifierDTO(id: "bob", type: .userID)],
                                  marqueeVariant: nil, exposedAt: 1, convertedAt: 2, batchId: "c1"))
            #expect(try reported.decode(ConversionReceipt.self).reason == .surveyGoal, "a device cannot report a survey goal")
        }
    }

    @Test func erasingAUserRemovesTheirAnswers() async throws {
        try await TestServer.with { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            try await Self.answer(server, app, campaign: id, user: "ada", batch: "d1",
                                  answers: [Self.nps(10), SurveyAnswer(questionID: "more", value: .text("my address is …"))])
            try await Self.answer(server, app, campaign: id, user: "bob", batch: "d2", answers: [Self.nps(4)])
            #expect(try await server.send(.DELETE, "/api/v1/apps/\(app.id)/users/ada").status == .ok)
            let results = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey").decode(SurveyResults.self)
            #expect(results.responses == 1)
            #expect(results.questions[0].values.map(\.count).reduce(0, +) == 1)
            let texts = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey/answers?question=more")
                .decode(SurveysController.TextAnswerPage.self)
            #expect(texts.answers.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.production)
    func concurrentRetriesOfOneDisplayAreStoredOnce(_ database: TestDatabase) async throws {
        try await TestServer.with(database) { server in
            let app = try await server.createApp()
            let id = try await server.createCampaign(Self.survey(), in: app)
            let stored = try await withThrowingTaskGroup(of: Bool.self) { group in
                for display in 0..<8 {
                    for _ in 0..<6 {
                        group.addTask {
                            let response = try await Self.answer(server, app, campaign: id, user: "u\(display)", batch: "d\(display)",
                                                                 answers: [Self.nps(display)])
                            try #require(response.status == .ok, "\(response.text)")
                            return try response.decode(SurveyReceipt.self).stored
                        }
                    }
                }
                return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(stored == 8)
            let results = try await server.send(.GET, "/api/v1/apps/\(app.id)/campaigns/\(id)/survey").decode(SurveyResults.self)
            #expect(results.responses == 8)
            #expect(results.questions[0].values.map(\.count).reduce(0, +) == 8)
        }
    }
}
