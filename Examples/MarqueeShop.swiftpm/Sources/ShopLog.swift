import Combine
import Foundation

/// What happened, newest first, for the Events screen.
@MainActor
final class ShopLog: ObservableObject {
    static let shared = ShopLog()

    @Published private(set) var lines: [String] = []

    func add(_ line: String) {
        lines.insert(line, at: 0)
        if lines.count > 50 { lines.removeLast() }
    }
}
