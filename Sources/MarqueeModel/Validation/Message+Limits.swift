import Foundation

extension Message {
    /// What in this message exceeds the size limits (``Campaign/Limits``): what a device checks
    /// before it renders a message it was sent.
    public func sizeIssues() -> [ValidationIssue] {
        var report = ValidationReport()
        report.nested("message") { checkSizes(into: &$0) }
        return report.issues
    }

    /// Bounds on how much a message may hold, so that every render of it is cheap.
    func checkSizes(into report: inout ValidationReport) {
        Self.checkLengths([("header", header, Campaign.Limits.maxHeaderLength), ("title", title, Campaign.Limits.maxTitleLength),
                           ("body", body, Campaign.Limits.maxBodyLength)], into: &report)
        checkTranslations(into: &report)
        for (index, page) in pages.enumerated() {
            report.nested("pages[\(index)]") { report in
                Self.checkLengths([("title", page.title, Campaign.Limits.maxTitleLength), ("body", page.body, Campaign.Limits.maxBodyLength)],
                                  into: &report)
            }
        }
        report.check((html ?? "").utf8.count <= Campaign.Limits.maxHTMLBytes, "html",
                     "must be at most \(Campaign.Limits.maxHTMLBytes) bytes")
        if let customJSON {
            report.check(customJSON.depth <= Campaign.Limits.maxCustomJSONDepth, "customJSON",
                         "must nest at most \(Campaign.Limits.maxCustomJSONDepth) levels deep")
        }
        let encoder = JSONEncoder()
        let customBytes = ((try? encoder.encode(customJSON)) ?? Data()).count + ((try? encoder.encode(extras)) ?? Data()).count
        report.check(customBytes <= Campaign.Limits.maxCustomDataBytes, "customJSON",
                     "customJSON and extras together must be at most \(Campaign.Limits.maxCustomDataBytes) bytes of JSON")
    }

    /// Each translation names a language by a valid tag, fits the limits of the text it replaces,
    /// and translates only buttons the message has.
    private func checkTranslations(into report: inout ValidationReport) {
        report.check(translations.count <= Campaign.Limits.maxTranslations, "translations",
                     "at most \(Campaign.Limits.maxTranslations) languages")
        let buttonIDs = Set(buttons.map(\.id))
        for (language, translation) in translations.sorted(by: { $0.key < $1.key }) {
            report.nested("translations.\(language)") { report in
                report.check(LanguageTag.isValid(language), "", "must be a lower-case language tag such as de, fr or pt-br")
                Self.checkLengths([("header", translation.header, Campaign.Limits.maxHeaderLength),
                                   ("title", translation.title, Campaign.Limits.maxTitleLength),
                                   ("body", translation.body, Campaign.Limits.maxBodyLength),
                                   ("imageAltText", translation.imageAltText, Campaign.Limits.maxTitleLength)], into: &report)
                for (id, text) in translation.buttons.sorted(by: { $0.key < $1.key }) {
                    report.check(buttonIDs.contains(id), "buttons.\(id)", "names no button of the message")
                    report.check(TextRule.fits(text, characters: Campaign.Limits.maxButtonTextLength), "buttons.\(id)",
                                 "must be at most \(Campaign.Limits.maxButtonTextLength) characters")
                }
                if let survey = translation.survey { report.nested("survey") { checkTranslation(survey, into: &$0) } }
                let pagesByID = Dictionary(pages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                for (id, page) in translation.pages.sorted(by: { $0.key < $1.key }) {
                    report.nested("pages.\(id)") { report in
                        guard let original = pagesByID[id] else { return report.check(false, "", "names no page of the message") }
                        Self.checkLengths([("title", page.title, Campaign.Limits.maxTitleLength), ("body", page.body, Campaign.Limits.maxBodyLength),
                                           ("imageAltText", page.imageAltText, Campaign.Limits.maxTitleLength)], into: &report)
                        let pageButtons = Set(original.buttons.map(\.id))
                        for (button, text) in page.buttons.sorted(by: { $0.key < $1.key }) {
                            report.check(pageButtons.contains(button), "buttons.\(button)", "names no button of the page")
                            report.check(TextRule.fits(text, characters: Campaign.Limits.maxButtonTextLength), "buttons.\(button)",
                                         "must be at most \(Campaign.Limits.maxButtonTextLength) characters")
                        }
                    }
                }
            }
        }
    }

    /// A survey translation names only questions and choices the survey has, within the survey's limits.
    private func checkTranslation(_ translation: SurveyTranslation, into report: inout ValidationReport) {
        guard let survey else { return report.check(false, "", "the message has no survey") }
        let limits = Campaign.Limits.self
        Self.checkLengths([("submitLabel", translation.submitLabel, limits.maxButtonTextLength),
                           ("thankYou.title", translation.thankYou?.title, limits.maxTitleLength),
                           ("thankYou.body", translation.thankYou?.body, limits.maxBodyLength)], into: &report)
        for (id, question) in translation.questions.sorted(by: { $0.key < $1.key }) {
            report.nested("questions.\(id)") { report in
                guard let original = survey.question(id) else { return report.check(false, "", "names no question of the survey") }
                Self.checkLengths([("prompt", question.prompt, limits.maxTitleLength)], into: &report)
                let choices = Set(original.choices.map(\.id))
                for (choice, label) in question.choices.sorted(by: { $0.key < $1.key }) {
                    report.check(choices.contains(choice), "choices.\(choice)", "names no choice of the question")
                    report.check(TextRule.fits(label, characters: limits.maxButtonTextLength), "choices.\(choice)",
                                 "must be at most \(limits.maxButtonTextLength) characters")
                }
            }
        }
    }

    /// Each `(field, text, limit)`: the text, when there is one, fits its limit in characters.
    private static func checkLengths(_ texts: [(field: String, text: String?, limit: Int)], into report: inout ValidationReport) {
        for (field, text, limit) in texts {
            report.check(TextRule.fits(text ?? "", characters: limit), field, "must be at most \(limit) characters")
        }
    }
}
