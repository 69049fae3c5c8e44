import Vapor

/// Async middlewares run as one layer, each calling the next directly within the request's task.
///
/// Vapor runs every `AsyncMiddleware` it is given in a task of its own and hands the response
/// back through an event-loop future, so each layer costs a task and two thread hand-offs per
/// request. Chained here, the layers cost a function call each; and a route added through
/// ``Vapor/RoutesBuilder/chained(_:)`` answers asynchronously itself, so the chain in front of
/// it (the server-wide one) runs it in the same task: one task per request.
struct MiddlewareChain: AsyncMiddleware {
    let middlewares: [any AsyncMiddleware]

    /// Outermost first, as `Middlewares.use(_:)` takes them; `nil` stands for a layer turned off.
    init(_ middlewares: (any AsyncMiddleware)?...) {
        self.init(middlewares)
    }

    init(_ middlewares: [(any AsyncMiddleware)?]) {
        self.middlewares = middlewares.compactMap { $0 }
    }

    /// Vapor's entry: the chain's one task, on the request's event loop. When the next responder
    /// is async (a route's handler, or routes behind a chain of their own), it runs in that task too.
    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        let promise = request.eventLoop.makePromise(of: Response.self)
        Task(executorPreference: EventLoopTaskExecutor.of(request.eventLoop)) {
            do {
                promise.succeed(try await respond(to: request, through: middlewares[...], then: Self.async(next)))
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        try await respond(to: request, through: middlewares[...], then: next)
    }

    /// `next` behind this chain, as a responder that runs in its caller's task.
    func responder(chainingTo next: any Responder) -> any AsyncResponder {
        Chained(chain: self, next: Self.async(next))
    }

    private func respond(to request: Request, through layers: ArraySlice<any AsyncMiddleware>,
                         then next: any AsyncResponder) async throws -> Response {
        guard let layer = layers.first else { return try await next.respond(to: request) }
        return try await layer.respond(to: request, chainingTo: AsyncBasicResponder { request in
            try await respond(to: request, through: layers.dropFirst(), then: next)
        })
    }

    private static func async(_ responder: any Responder) -> any AsyncResponder {
        responder as? any AsyncResponder ?? AsyncBasicResponder { try await responder.respond(to: $0).get() }
    }

    private struct Chained: AsyncResponder {
        let chain: MiddlewareChain
        let next: any AsyncResponder

        func respond(to request: Request) async throws -> Response {
            try await chain.respond(to: request, chainingTo: next)
        }
    }
}

extension RoutesBuilder {
    /// These routes behind `middlewares` (outermost first) as one ``MiddlewareChain``; `nil`
    /// stands for a layer turned off, and with every layer off the routes are left as they are.
    func chained(_ middlewares: (any AsyncMiddleware)?...) -> any RoutesBuilder {
        let chain = MiddlewareChain(middlewares)
        return chain.middlewares.isEmpty ? self : ChainedRoutes(root: self, chain: chain)
    }
}

/// Routes whose responders are wrapped in a chain as they are added (as Vapor's middleware
/// groups wrap them), into responders that stay async.
private struct ChainedRoutes: RoutesBuilder {
    let root: any RoutesBuilder
    let chain: MiddlewareChain

    func add(_ route: Route) {
        route.responder = chain.responder(chainingTo: route.responder)
        root.add(route)
    }
}
