import Foundation

/// Limits failed sign-ins per account (the normalized email, whether or not it has an account,
/// so the limit reveals nothing) and per client address, answering 429 with `Retry-After`.
///
/// An account allows 5 failures at once and one more every 6 seconds: a person mistyping is
/// never slowed, a password guesser gets 10 guesses a minute. An address allows 20 failures at
/// once and 40 a minute, across all the emails it tries. Successful sign-ins are not counted.
struct SignInLimiter: Sendable {
    static let perAccount = RateLimit(perMinute: 10)
    static let perAddress = RateLimit(perMinute: 40)

    private let accounts: RateLimiter
    private let addresses: RateLimiter

    init(clock: any ServerClock, perAccount: RateLimit = SignInLimiter.perAccount, perAddress: RateLimit = SignInLimiter.perAddress) {
        accounts = RateLimiter(limit: perAccount, clock: clock)
        addresses = RateLimiter(limit: perAddress, clock: clock)
    }

    /// A reservation for one attempt, spent before the password is checked, so concurrent
    /// attempts cannot all pass; ``succeeded()`` gives it back.
    struct Attempt: Sendable {
        fileprivate let limiter: SignInLimiter
        fileprivate let account: String
        fileprivate let address: String

        func succeeded() async {
            await limiter.accounts.refund(account)
            await limiter.addresses.refund(address)
        }
    }

    /// Reserves an attempt, or throws 429 when the address or the account has failed too often.
    func attempt(email: String, address: String) async throws -> Attempt {
        if let retryAfter = await addresses.spend(address) {
            throw Self.refusal(retryAfter)
        }
        if let retryAfter = await accounts.spend(email) {
            await addresses.refund(address)
            throw Self.refusal(retryAfter)
        }
        return Attempt(limiter: self, account: email, address: address)
    }

    private static func refusal(_ retryAfter: Int) -> APIError {
        APIError(.tooManyRequests, code: .signInRateLimited,
                 "too many failed sign-ins; retry in \(retryAfter) second\(retryAfter == 1 ? "" : "s")",
                 headers: ["Retry-After": String(retryAfter)])
    }
}
