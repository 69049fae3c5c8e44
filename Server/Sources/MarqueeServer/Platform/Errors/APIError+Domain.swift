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
        }
    }
}
