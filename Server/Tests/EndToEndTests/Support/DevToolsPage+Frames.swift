import MarqueeModel

extension DevToolsPage {
    /// Evaluates `expression` in the frame named `name` (awaiting a promise), in a world of the
    /// test's own: a sandboxed frame (the message preview) that the page's scripts cannot read is
    /// still read as drawn.
    @discardableResult
    func evaluate(_ expression: String, inFrame name: String) async throws -> JSONValue {
        let tree = try await send("Page.getFrameTree")
        guard case .object(let root)? = tree["frameTree"] else { throw Failure(description: "no frame tree: \(tree)") }
        guard let frameID = Self.frameID(named: name, in: root) else { throw Failure(description: "no frame named \(name)") }
        let world = try await send("Page.createIsolatedWorld", ["frameId": .string(frameID), "worldName": .string("marquee-test")])
        guard case .number(let context)? = world["executionContextId"] else { throw Failure(description: "no world: \(world)") }
        let result = try await send("Runtime.evaluate", ["expression": .string(expression), "contextId": .number(context),
                                                         "returnByValue": .bool(true), "awaitPromise": .bool(true)])
        if case .object(let details)? = result["exceptionDetails"] {
            throw Failure(description: "\(expression) threw in \(name): \(details)")
        }
        guard case .object(let value)? = result["result"] else { return .null }
        return value["value"] ?? .null
    }

    private static func frameID(named name: String, in node: [String: JSONValue]) -> String? {
        if case .object(let frame)? = node["frame"], frame["name"] == .string(name), case .string(let id)? = frame["id"] { return id }
        guard case .array(let children)? = node["childFrames"] else { return nil }
        for case .object(let child) in children {
            if let id = frameID(named: name, in: child) { return id }
        }
        return nil
    }
}
