@testable import MarqueeServer
import Testing
import Vapor

/// A ``MiddlewareChain`` runs its layers outermost first, around async and future-based routes
/// alike, leaves out the layers that are off, lets a layer answer or fail in place of the rest,
/// and runs nested chains and their route in one task.
@Suite("Middleware chains")
struct MiddlewareChainTests {
    /// Adds its name to the `X-Layers` header on the way out, so inner layers come first.
    struct Layer: AsyncMiddleware {
        let name: String
        var answers = false

        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            if answers { return Response(status: .accepted, body: .init(string: name)) }
            guard request.headers.first(name: "X-Refuse") != name else { throw Abort(.forbidden, reason: "\(name) refuses") }
            let response = try await next.respond(to: request)
            response.headers.add(name: "X-Layers", value: name)
            return response
        }
    }

    /// Notes the task it runs in, for the route to compare with its own.
    struct TaskNote: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            request.headers.replaceOrAdd(name: "X-Task", value: String(currentTask()))
            return try await next.respond(to: request)
        }
    }

    static func currentTask() -> Int {
        withUnsafeCurrentTask { $0?.hashValue } ?? 0
    }

    func withApplication(_ body: (Application) async throws -> Void) async throws {
        let app = try await Application.make(.testing)
        do {
            app.middleware.use(MiddlewareChain(TaskNote()))
            let chained = app.chained(Layer(name: "outer"), nil, Layer(name: "inner"))
            chained.get("async") { _ async in "async route" }
            chained.get("future") { request in request.eventLoop.makeSucceededFuture("future route") }
            chained.grouped("nested").chained(Layer(name: "nested")).get("task") { request async in
                request.headers.first(name: "X-Task") == String(Self.currentTask()) ? "one task" : "another task"
            }
            app.chained(Layer(name: "outer"), Layer(name: "answering", answers: true), Layer(name: "inner"))
                .get("answered") { _ async in "never" }
            try await body(app)
        } catch {
            try await app.asyncShutdown()
            throw error
        }
        try await app.asyncShutdown()
    }

    func get(_ path: String, on app: Application, headers: HTTPHeaders = [:]) async throws -> Response {
        let request = Request(application: app, method: .GET, url: URI(path: path), headers: headers, on: app.eventLoopGroup.any())
        return try await app.responder.current.respond(to: request).get()
    }

    @Test func layersRunOutermostFirstAroundAsyncAndFutureRoutes() async throws {
        try await withApplication { app in
            for (path, text) in [("/async", "async route"), ("/future", "future route")] {
                let response = try await get(path, on: app)
                #expect(response.status == .ok)
                #expect(response.body.string == text)
                #expect(response.headers[canonicalForm: "X-Layers"] == ["inner", "outer"])
            }
        }
    }

    /// The server-wide chain, the group's chain and a nested group's chain, with the handler,
    /// all run in the task the server-wide chain started.
    @Test func nestedChainsAndTheirRouteRunInOneTask() async throws {
        try await withApplication { app in
            let response = try await get("/nested/task", on: app)
            #expect(response.body.string == "one task")
            #expect(response.headers[canonicalForm: "X-Layers"] == ["nested", "inner", "outer"])
        }
    }

    @Test func aLayerCanAnswerOrFailInPlaceOfTheRest() async throws {
        try await withApplication { app in
            let answered = try await get("/answered", on: app)
            #expect(answered.status == .accepted)
            #expect(answered.body.string == "answering")
            #expect(answered.headers[canonicalForm: "X-Layers"] == ["outer"])

            // Vapor's default error middleware, outside the chain, turns the error into its answer.
            let refused = try await get("/async", on: app, headers: ["X-Refuse": "inner"])
            #expect(refused.status == .forbidden)
            #expect(refused.headers[canonicalForm: "X-Layers"].isEmpty)
        }
    }
}
