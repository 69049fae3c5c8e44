import Foundation

extension InboxContent {
    /// Problems that make this content unfit to store, named by JSON path under `prefix`.
    public func validationIssues(prefix: String = "message") -> [ValidationIssue] {
        var report = ValidationReport()
        report.nested(prefix) { report in
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            report.check(!trimmed.isEmpty && TextRule.fits(title, characters: Self.maxTitleLength), "title",
                         "must be 1 to \(Self.maxTitleLength) characters")
            report.check(TextRule.fits(body, characters: Self.maxBodyLength), "body",
                         "must be at most \(Self.maxBodyLength) characters")
            if let imageURL {
                report.check(URLRule.isWebURL(imageURL), "imageURL", "must be an absolute http or https URL")
            }
            if let mainAction { Self.check(mainAction, at: "mainAction", in: &report) }
            report.check(buttons.count <= Self.maxButtons, "buttons", "must have at most \(Self.maxButtons) buttons")
            // Every sync carries it to every device of every recipient: keep it as small as a campaign's JSON.
            let dataSize = (try? MarqueeJSON.encoder().encode(customData).count) ?? Int.max
            report.check(dataSize <= Self.maxCustomDataBytes, "customData", "must be at most \(Self.maxCustomDataBytes) bytes of JSON")
            for (index, button) in buttons.enumerated() {
                report.nested("buttons[\(index)]") { report in
                    let text = button.title.trimmingCharacters(in: .whitespacesAndNewlines)
                    report.check(!text.isEmpty && TextRule.fits(button.title, characters: 60), "title", "must be 1 to 60 characters")
                    Self.check(button.action, at: "action", in: &report)
                }
            }
        }
        return report.issues
    }

    private static func check(_ action: InboxAction, at field: String, in report: inout ValidationReport) {
        report.nested(field) { report in
            switch action.type {
            case .browser:
                report.check(action.url.map(URLRule.isWebURL) ?? false, "url", "must be an absolute http or https URL")
            case .deepLink:
                report.check(action.url.map(URLRule.isLink) ?? false, "url", URLRule.linkProblem)
            case .openApp:
                report.check(action.url == nil, "url", "must be absent for openApp")
            }
        }
    }
}
