import Vapor

/// `POST /v1/ping`: the campaigns this user may see now, in four named steps: who is asking
/// (``PingAsker``), the campaigns admitted for them (``PingAdmission``), the answer
/// (``PingAnswer``, with its languages and the Marquee extension), and its encoding
/// (``PingEncoding``, gzip from the cache of compressed lists).
struct PingController {
    @Sendable func ping(req: Request) async throws -> Response {
        let asker = try await PingAsker(req)
        let admitted = PingAdmission(asker, now: req.marquee.clock.now())
        let answer = try await PingAnswer.make(for: asker, admitted: admitted, req: req)
        ServerMetrics.pingServed(campaigns: admitted.keys.count, unchanged: answer.body.marquee?.unchanged == true)
        return try await PingEncoding.response(answer, for: asker, req: req)
    }
}
