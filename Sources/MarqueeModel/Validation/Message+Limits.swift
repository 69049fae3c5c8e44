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
        let texts: [(String, String?, Int)] = [
            ("header", header, Campaign.Limits.maxHeaderLength),
            ("title", title, Campaign.Limits.maxTitleLength),
            ("body", body, Campaign.Limits.maxBodyLength),
        ]
        for (field, text, limit) in texts {
            report.check(TextRule.fits(text ?? "", characters: limit), field, "must be at most \(limit) characters")
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
}
