import Foundation

/// Posts one delivery to a checked target; what was answered, or throws when no answer came.
protocol WebhookSender: Sendable {
    func post(_ body: Data, to target: WebhookTarget, headers: [(String, String)], timeout: Duration) async throws -> WebhookAnswer
}

/// What a receiver answered. Only the status counts; of the body, at most
/// ``HTTPWebhookSender/maxAnswerBytes`` are read, then the connection is closed.
struct WebhookAnswer: Sendable, Equatable {
    var status: Int
    /// Bytes of the answer's body that were read.
    var bodyBytesRead: Int
}

/// Why a delivery got no answer.
enum WebhookSendError: Error, Equatable, CustomStringConvertible {
    /// No answer's head within the timeout.
    case timedOut(Duration)
    /// The receiver closed the connection before answering.
    case closedWithoutAnswer
    /// None of the checked addresses took the connection.
    case unreachable(String)

    var description: String {
        switch self {
        case .timedOut(let timeout): "no answer within \(timeout.components.seconds) seconds"
        case .closedWithoutAnswer: "the connection closed before an answer"
        case .unreachable(let reason): "could not connect: \(reason)"
        }
    }
}
