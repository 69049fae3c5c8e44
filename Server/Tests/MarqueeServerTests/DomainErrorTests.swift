import MarqueeModel
@testable import MarqueeServer
import Testing
import Vapor

/// Storage, analytics and accounts throw their own errors; the API reports each as the 4xx it always was.
@Suite struct DomainErrorTests {
    static let issue = ValidationIssue(field: "name", message: "is required")

    @Test(arguments: [
        (APIError(CatalogError.appNotFound), HTTPResponseStatus.notFound, "not_found"),
        (APIError(CatalogError.campaignNotFound), .notFound, "not_found"),
        (APIError(CatalogError.invalid([issue])), .unprocessableEntity, "validation_failed"),
        (APIError(CatalogError.subscriptionIDTaken("shop")), .conflict, "conflict"),
        (APIError(AnalyticsError.campaignNotFound), .notFound, "not_found"),
        (APIError(AnalyticsError.invalidBatch("impressions must not be empty")), .badRequest, "invalid_body"),
        (APIError(AnalyticsError.invalidQuery("from must be before to")), .badRequest, "invalid_query"),
        (APIError(InboxStoreError.appNotFound), .notFound, "not_found"),
        (APIError(InboxStoreError.messageNotFound), .notFound, "not_found"),
        (APIError(InboxStoreError.invalid([issue])), .unprocessableEntity, "validation_failed"),
        (APIError(InboxStoreError.tooManyIDs(maximum: 500)), .badRequest, "too_many_ids"),
        (APIError(InboxStoreError.tooManyEvents(maximum: 100)), .badRequest, "too_many_events"),
        (APIError(AccountError.accountNotFound), .notFound, "not_found"),
    ])
    func eachDomainErrorHasItsStatusAndCode(_ error: APIError, _ status: HTTPResponseStatus, _ code: String) {
        #expect(error.status == status)
        #expect(error.code.rawValue == code)
        #expect(!error.message.isEmpty)
    }

    @Test func theMessagesSayWhatToChange() {
        #expect(APIError(CatalogError.subscriptionIDTaken("shop")).message == "another app already uses subscription ID 'shop'")
        #expect(APIError(InboxStoreError.tooManyIDs(maximum: 500)).message == "send at most 500 message IDs at once")
        #expect(APIError(CatalogError.invalid([Self.issue])).fields == [Self.issue])
    }
}
