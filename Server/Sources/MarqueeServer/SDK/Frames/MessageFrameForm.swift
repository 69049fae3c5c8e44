import Foundation
import MarqueeModel
import Vapor

/// The form the web SDK posts into a message's frame (`POST /v1/web/frame`), read and checked.
///
/// `subscriptionID` is read by ``SDKCallerMiddleware`` before this. Every field has a limit, and a
/// field over it, or not of its form, is a 422 naming it; an empty optional field counts as absent.
struct MessageFrameForm: Sendable {
    /// The fields as posted.
    private struct Fields: Decodable {
        var campaignID: String?
        var language: String?
        var variant: String?
        var personalization: String?
        var theme: String?
    }

    enum Limits {
        /// Campaign IDs are UUIDs (36 characters); a little room, no more.
        static let campaignIDBytes = 64
        /// The personalization field as posted: JSON text.
        static let personalizationBytes = 8 * 1024
        static let personalizationEntries = 100
        static let placeholderNameCharacters = 100
        /// A value may fill many placeholders, so each is bounded and so is the rendered document.
        static let placeholderValueCharacters = 1_000
    }

    var campaignID: String
    /// The translation to show, as the SDK's ping names it (`marqueeLanguage`); `nil` shows the default.
    var language: String?
    /// The experiment arm whose message to show; `nil` shows the campaign's own message.
    var arm: ExperimentArm?
    /// Placeholder values, as the SDK fills them.
    var personalization: [String: String]
    var theme: Theme?

    /// Reads the form of `request`: 400 when the body is no form, 422 naming each bad field.
    init(_ request: Request) throws {
        let fields: Fields
        do {
            fields = try request.content.decode(Fields.self, as: .urlEncodedForm)
        } catch {
            throw APIError(.badRequest, code: .invalidBody,
                           "send a form (application/x-www-form-urlencoded) with the fields subscriptionID and campaignID")
        }
        var issues: [ValidationIssue] = []
        func issue(_ field: String, _ message: String) { issues.append(ValidationIssue(field: field, message: message)) }

        let campaignID = fields.campaignID.nonEmpty
        if campaignID == nil { issue("campaignID", "is required") }
        if let campaignID, !IdentifierLimits.fits(campaignID, Limits.campaignIDBytes) {
            issue("campaignID", IdentifierLimits.atMost(Limits.campaignIDBytes))
        }
        let language = fields.language.nonEmpty
        if let language, !IdentifierLimits.fits(language, LanguageTag.maxLength) {
            issue("language", IdentifierLimits.atMost(LanguageTag.maxLength))
        }
        let variant = fields.variant.nonEmpty
        if let variant, !IdentifierLimits.fits(variant, Experiment.Limits.maxVariantIDLength) {
            issue("variant", IdentifierLimits.atMost(Experiment.Limits.maxVariantIDLength))
        }
        var personalization: [String: String] = [:]
        if let text = fields.personalization.nonEmpty {
            switch Self.personalization(from: text) {
            case .success(let values): personalization = values
            case .failure(let problem): issue("personalization", problem.message)
            }
        }
        var theme: Theme?
        if let name = fields.theme.nonEmpty {
            theme = Theme(rawValue: name)
            if theme == nil { issue("theme", "must be one of \(Theme.allCases.map(\.rawValue).joined(separator: ", "))") }
        }
        guard issues.isEmpty, let campaignID else { throw APIError.validation(issues) }
        self.campaignID = campaignID
        self.language = language
        arm = variant.map(ExperimentArm.init(id:))
        self.personalization = personalization
        self.theme = theme
    }

    private struct Problem: Error {
        var message: String
    }

    /// The placeholder values in `text`, a JSON object of names to texts, within the limits.
    private static func personalization(from text: String) -> Result<[String: String], Problem> {
        guard IdentifierLimits.fits(text, Limits.personalizationBytes) else {
            return .failure(Problem(message: IdentifierLimits.atMost(Limits.personalizationBytes)))
        }
        guard let values = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else {
            return .failure(Problem(message: "must be a JSON object of placeholder names to texts"))
        }
        guard values.count <= Limits.personalizationEntries else {
            return .failure(Problem(message: "must have at most \(Limits.personalizationEntries) entries, not \(values.count)"))
        }
        let fits = values.allSatisfy { name, value in
            !name.isEmpty && TextRule.fits(name, characters: Limits.placeholderNameCharacters)
                && TextRule.fits(value, characters: Limits.placeholderValueCharacters)
        }
        guard fits else {
            return .failure(Problem(message: "names must be 1 to \(Limits.placeholderNameCharacters) characters and values at most "
                                    + "\(Limits.placeholderValueCharacters)"))
        }
        return .success(values)
    }
}
