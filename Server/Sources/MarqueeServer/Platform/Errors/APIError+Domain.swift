import MarqueeModel

/// The HTTP form of each module's own errors: the one place a domain error gets a status and a code.
extension APIError {
    init(_ error: CatalogError) {
        switch error {
        case .appNotFound: self = .notFound("app")
        case .campaignNotFound: self = .notFound("campaign")
        case .segmentNotFound: self = .notFound("segment")
        case .segmentInUse(let campaigns):
            self = APIError(.conflict, code: .segmentInUse,
                            "campaigns target this segment: \(campaigns.joined(separator: ", ")); remove it from them first")
        case .segmentNameTaken(let name):
            self = APIError(.conflict, code: .conflict, "another segment of this app is named '\(name)'")
        case .invalid(let issues): self = .validation(issues)
        case .subscriptionIDTaken(let subscriptionID):
            self = APIError(.conflict, code: .conflict, "another app already uses subscription ID '\(subscriptionID)'")
        }
    }

    init(_ error: AnalyticsError) {
        switch error {
        case .campaignNotFound: self = .notFound("campaign")
        case .invalidBatch(let reason): self = APIError(.badRequest, code: .invalidBody, reason)
        case .invalidQuery(let reason): self = APIError(.badRequest, code: .invalidQuery, reason)
        case .invalidAnswers(let reason): self = APIError(.unprocessableEntity, code: .invalidAnswers, reason)
        }
    }

    init(_ error: InboxStoreError) {
        switch error {
        case .appNotFound: self = .notFound("app")
        case .messageNotFound: self = .notFound("inbox message")
        case .invalid(let issues): self = .validation(issues)
        case .tooManyIDs(let maximum):
            self = APIError(.badRequest, code: .tooManyIds, "send at most \(maximum) message IDs at once")
        case .tooManyEvents(let maximum):
            self = APIError(.badRequest, code: .tooManyEvents, "send at most \(maximum) events at once")
        case .resyncRequired:
            self = APIError(.gone, code: .inboxResyncRequired, "the sync token is unknown or too old: sync again without one")
        }
    }

    init(_ error: ProfileError) {
        switch error {
        case .invalid(let issues): self = .validation(issues)
        }
    }

    /// The HTTP form of an account error: validation problems are 422 naming the field, a
    /// taken email 409.
    init(_ error: AccountError) {
        switch error {
        case .invalidEmail:
            self = .validation([ValidationIssue(field: "email", message: error.description)])
        case .invalidRole:
            self = .validation([ValidationIssue(field: "role", message: error.description)])
        case .passwordTooShort, .passwordTooLong:
            self = .validation([ValidationIssue(field: "password", message: error.description)])
        case .emailTaken:
            self = APIError(.conflict, code: .emailTaken, error.description)
        case .lastAdministrator:
            self = APIError(.conflict, code: .lastAdmin, error.description)
        case .unknownAccount, .accountNotFound:
            self = APIError.notFound("account")
        }
    }
}
