import NIOCore

extension ChannelHandlerContext {
    /// How long a refused client may go on sending before the connection is dropped.
    static let lingerAfterRefusal: TimeAmount = .seconds(2)

    /// Closes the write side once everything written and flushed so far is sent, then the whole connection
    /// shortly after. Closing both at once while the client is still sending makes the kernel
    /// reset the connection, and the client may never read the response it was sent.
    func closeAfterWrites() {
        let channel = self.channel
        channel.close(mode: .output, promise: nil)
        channel.eventLoop.scheduleTask(in: Self.lingerAfterRefusal) {
            channel.close(promise: nil)
        }
    }
}
