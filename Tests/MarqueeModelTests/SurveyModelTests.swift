import Foundation
import MarqueeModel
import Testing

/// A survey's questions are validated; answers are checked against them before they are stored;
/// a survey goal counts the answers it names.
@Suite("Survey messages")
struct SurveyModelTests {
    static let questions = [
        SurveyQuestion(id: "nps", kind: .nps, prompt: "Recommend us?", isRequired: true),
        SurveyQuestion(id: "stars", kind: .rating, prompt: "Rate the order"),
        SurveyQuestion(id: "topics", kind: .multipleChoice, prompt: "Improve what?",
                       choices: [SurveyChoice(id: "price", label: "Price"), SurveyChoice(id: "speed", label: "Speed")]),
        SurveyQuestion(id: "plan", kind: .singleChoice, prompt: "Your plan?",
                       choices: [SurveyChoice(id: "free", label: "Free"), SurveyChoice(id: "pro", label: "Pro")]),
        SurveyQuestion(id: "more", kind: .text, prompt: "Anything else?", maxLength: 12),
    ]

    static func survey(_ questions: [SurveyQuestion] = questions) -> Message {
        Message(kind: .survey, title: "Quick question", survey: Survey(questions: questions))
    }

    @Test func aSurveyNeedsQuestionsThatFitTheirKinds() {
        #expect(Self.survey().validationIssues().isEmpty)
        #expect(Self.survey([]).validationIssues().map(\.field) == ["message.survey.questions"])
        var questions = Self.questions
        questions[1].id = "nps"
        questions[2].choices = [SurveyChoice(id: "price", label: "Price")]
        questions[0].choices = [SurveyChoice(id: "x", label: "X"), SurveyChoice(id: "y", label: "Y")]
        questions[4].maxLength = 5_000
        questions[3].prompt = " "
        #expect(Set(Self.survey(questions).validationIssues().map(\.field)) == [
            "message.survey.questions", "message.survey.questions[2].choices", "message.survey.questions[0].choices",
            "message.survey.questions[4].maxLength", "message.survey.questions[3].prompt",
        ])
        var withButtons = Self.survey()
        withButtons.buttons = [MessageButton(id: "go", text: "Go")]
        #expect(withButtons.validationIssues().map(\.field) == ["message.buttons"])
        #expect(Message(kind: .survey, title: "Q").validationIssues().map(\.field) == ["message.survey"])
        var modal = Message(kind: .modal, title: "Hi")
        modal.survey = Survey(questions: Self.questions)
        #expect(modal.validationIssues().map(\.field) == ["message.survey"], "only surveys have questions")
    }

    @Test func answersAreCheckedAgainstTheSurvey() throws {
        let survey = try #require(Self.survey().survey)
        let answers = [
            SurveyAnswer(questionID: "topics", value: .choices(["speed", "price"])),
            SurveyAnswer(questionID: "nps", value: .score(9)),
            SurveyAnswer(questionID: "more", value: .text("  <b>fast</b> ")),
            SurveyAnswer(questionID: "plan", value: .choices([])),
        ]
        let checked = try survey.checked(answers)
        #expect(checked == [
            SurveyAnswer(questionID: "topics", value: .choices(["price", "speed"])),
            SurveyAnswer(questionID: "nps", value: .score(9)),
            SurveyAnswer(questionID: "more", value: .text("<b>fast</b>")),
        ], "choices in the question's order, text trimmed, an empty choice left out")

        func problem(_ answers: [SurveyAnswer]) -> String? {
            do { _ = try survey.checked(answers); return nil } catch { return error.description }
        }
        let nps = SurveyAnswer(questionID: "nps", value: .score(10))
        #expect(problem([]) == "'nps' is required")
        #expect(problem([SurveyAnswer(questionID: "nps", value: .score(11))]) == "'nps' takes a score from 0 to 10")
        #expect(problem([nps, SurveyAnswer(questionID: "stars", value: .score(0))]) == "'stars' takes a score from 1 to 5")
        #expect(problem([nps, SurveyAnswer(questionID: "plan", value: .choices(["free", "pro"]))]) == "'plan' takes one choice")
        #expect(problem([nps, SurveyAnswer(questionID: "plan", value: .choices(["gold"]))]) == "'plan' has no such choice")
        #expect(problem([nps, SurveyAnswer(questionID: "more", value: .text(String(repeating: "x", count: 13)))])
                == "'more' takes at most 12 characters")
        #expect(problem([nps, SurveyAnswer(questionID: "more", value: .score(3))]) == "'more' is a text question")
        #expect(problem([nps, nps]) == "'nps' is answered twice")
        #expect(problem([nps, SurveyAnswer(questionID: "other", value: .score(1))]) == "'other' is no question of the survey")
    }

    @Test func answersHaveOneValueKeyInJSON() throws {
        let decoder = JSONDecoder()
        let json = #"[{"question":"a","choices":["x"]},{"question":"b","score":4},{"question":"c","text":"hi"}]"#
        let answers = try decoder.decode([SurveyAnswer].self, from: Data(json.utf8))
        #expect(answers.map(\.value) == [.choices(["x"]), .score(4), .text("hi")])
        let encoded = try String(decoding: JSONEncoder().encode(answers[1]), as: UTF8.self)
        #expect(encoded.contains(#""score":4"#) && encoded.contains(#""question":"b""#))
        #expect(throws: DecodingError.self) { try decoder.decode(SurveyAnswer.self, from: Data(#"{"question":"a","score":1,"text":"x"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try decoder.decode(SurveyAnswer.self, from: Data(#"{"question":"a"}"#.utf8)) }
    }

    @Test func aSurveyGoalCountsTheAnswersItNames() {
        let promoters = ConversionGoal(event: .surveyAnswer, name: "nps", answers: ["9", "10"])
        #expect(promoters.matches([SurveyAnswer(questionID: "nps", value: .score(9))]))
        #expect(!promoters.matches([SurveyAnswer(questionID: "nps", value: .score(8))]))
        #expect(!promoters.matches([SurveyAnswer(questionID: "stars", value: .score(9))]))
        #expect(!promoters.matches(.custom("nps")), "no logged event is a survey answer")
        let anyTopic = ConversionGoal(event: .surveyAnswer, name: "topics")
        #expect(anyTopic.matches([SurveyAnswer(questionID: "topics", value: .choices(["speed"]))]))
        #expect(promoters.summary == "answer to nps in 9|10")

        var campaign = Campaign(id: "c", name: "Survey", message: Self.survey(), triggers: TriggerSet(triggers: [Trigger(.appStart)]))
        campaign.goal = promoters
        #expect(campaign.validationIssues().isEmpty)
        campaign.goal = ConversionGoal(event: .surveyAnswer, name: "nps", answers: ["11"])
        #expect(campaign.validationIssues().map(\.field) == ["goal.answers"])
        campaign.goal = ConversionGoal(event: .surveyAnswer, name: "nope")
        #expect(campaign.validationIssues().map(\.field) == ["goal.name"])
        campaign.goal = ConversionGoal(event: .surveyAnswer, name: "more", answers: ["fine"])
        #expect(campaign.validationIssues().map(\.field) == ["goal.answers"])
        campaign.message = Message(kind: .modal, title: "Hi")
        campaign.goal = promoters
        #expect(campaign.validationIssues().map(\.field) == ["goal.event"])
    }

    @Test func aSurveyIsTranslatedByQuestionAndChoiceID() throws {
        var message = Self.survey()
        message.translations = ["fr": MessageTranslation(title: "Une question", survey: SurveyTranslation(
            questions: ["nps": QuestionTranslation(prompt: "Nous recommanderiez-vous ?"),
                        "plan": QuestionTranslation(choices: ["pro": "Pro (payant)"])],
            submitLabel: "Envoyer", thankYou: ThankYouTranslation(title: "Merci !")))]
        #expect(message.validationIssues().isEmpty)
        let french = try #require(message.localized(to: "fr-CA").survey)
        #expect(french.questions.map(\.prompt) == ["Nous recommanderiez-vous ?", "Rate the order", "Improve what?", "Your plan?", "Anything else?"])
        #expect(french.questions[3].choices.map(\.label) == ["Free", "Pro (payant)"])
        #expect(french.submitLabel == "Envoyer" && french.thankYou.title == "Merci !")
        #expect(french.questions.map(\.id) == Self.questions.map(\.id), "ids never change: answers name them")

        message.translations["fr"]?.survey?.questions["gone"] = QuestionTranslation(prompt: "?")
        message.translations["fr"]?.survey?.questions["plan"]?.choices["gold"] = "Or"
        #expect(Set(message.validationIssues().map(\.field)) == ["message.translations.fr.survey.questions.gone",
                                                                  "message.translations.fr.survey.questions.plan.choices.gold"])
    }

    @Test func surveysStayOverTheAppAndVariantsKeepTheirShape() {
        var campaign = Campaign(id: "c", name: "Survey", message: Self.survey(), triggers: TriggerSet(triggers: [Trigger(.appStart)]))
        campaign.channel = .inAppAndInbox
        #expect(campaign.validationIssues().map(\.field) == ["message.kind"], "the inbox would lose the questions")
        campaign.channel = .inApp
        var reworded = Self.survey()
        reworded.survey?.questions[0].prompt = "Would you recommend us?"
        var reshaped = Self.survey()
        reshaped.survey?.questions[3].choices[1].id = "premium"
        campaign.experiment = Experiment(variants: [Variant(id: "a", message: reworded), Variant(id: "b", message: reshaped)])
        #expect(campaign.validationIssues().map(\.field) == ["experiment.variants[1].message.survey"])
        var dotted = Self.questions
        dotted[0].id = "q.1"
        #expect(Self.survey(dotted).validationIssues().map(\.field) == ["message.survey.questions[0].id"])
    }
}
