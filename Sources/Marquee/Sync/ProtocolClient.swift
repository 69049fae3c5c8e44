import Foundation
import MarqueeModel
import MarqueeWire

/// Builds and sends the RInAppMessaging requests, with Marquee's extensions.
struct ProtocolClient: Sendable {
    let transport: any HTTPTransport
    let subscriptionID: String
    let app: AppInfo

    var platform: Platform {
        #if os(iOS) || os(tvOS) || os(visionOS)
        .ios
        #elseif os(macOS)
        .macos
        #else
        .linux
        #endif
    }

    /// `Subscription-Id`, `device_id`, and `Authorization: OAuth2 <token>` when there is a token.
    /// Plus `Marquee-User-Signature` when the host app gave a signature of the current user ID.
    func headers(accessToken: String?, signature: String? = nil) -> [String: String] {
        var headers = [ProtocolHeader.subscriptionID: subscriptionID, ProtocolHeader.deviceID: app.deviceID,
                       "Content-Type": "application/json", "Accept": "application/json"]
        if let accessToken, !accessToken.isEmpty { headers[ProtocolHeader.authorization] = "OAuth2 \(accessToken)" }
        if let signature, !signature.isEmpty { headers[ProtocolHeader.userSignature] = signature }
        return headers
    }

    func config(url: URL) async -> Result<ConfigResponse, RequestFailure> {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return .failure(.permanent(.invalidConfiguration("configuration URL \(url) is not a URL")))
        }
        // The protocol's code only where one exists: a Linux or macOS device is not an iOS one.
        let code = platform.protocolCode.map { [URLQueryItem(name: ConfigQuery.platform, value: String($0))] } ?? []
        components.queryItems = (components.queryItems ?? []) + code + [
            URLQueryItem(name: ConfigQuery.marqueePlatform, value: platform.rawValue),
            URLQueryItem(name: ConfigQuery.appID, value: app.appID),
            URLQueryItem(name: ConfigQuery.appVersion, value: app.appVersion),
            URLQueryItem(name: ConfigQuery.sdkVersion, value: MarqueeSDK.version),
            URLQueryItem(name: ConfigQuery.locale, value: app.locale),
        ]
        guard let full = components.url else {
            return .failure(.permanent(.invalidConfiguration("configuration URL \(url) is not a URL")))
        }
        return await send(HTTPRequest(method: "GET", url: full, headers: headers(accessToken: nil)),
                          endpoint: "config", as: ConfigResponse.self)
    }

    /// Asks for the user's campaigns with their translations into `language` only (the language
    /// messages are shown in).
    func ping(url: URL, identity: UserIdentity, accessToken: String?, signature: String? = nil,
              holding fingerprint: String?, language: String) async -> Result<LenientPingResponse, RequestFailure> {
        let body = PingRequest(userIdentifiers: UserIdentifierDTO.list(for: identity), appVersion: app.appVersion,
                               supportedCampaignTypes: [.regular, .pushPrimer], rmcSdkVersion: nil,
                               marqueeCapabilities: Capability.all, locale: app.locale, platform: platform,
                               marqueeFingerprint: fingerprint, marqueeLanguage: language)
        return await post(body, to: url, accessToken: accessToken, signature: signature, endpoint: "ping",
                          as: LenientPingResponse.self)
    }

    /// Reads the campaign list a ping answer named (``CampaignListReference``): immutable
    /// content, which an HTTP cache on the way (or the device's own) may answer.
    func campaignList(url: URL) async -> Result<CampaignListContent, RequestFailure> {
        await send(HTTPRequest(method: "GET", url: url, headers: headers(accessToken: nil)), endpoint: "catalog",
                   as: CampaignListContent.self)
    }

    func displayPermission(url: URL, campaignID: String, identity: UserIdentity, accessToken: String?,
                           signature: String? = nil, lastPingMillis: Int64) async -> Result<DisplayPermissionResponse, RequestFailure> {
        let body = DisplayPermissionRequest(
            subscriptionId: subscriptionID, campaignId: campaignID,
            userIdentifiers: UserIdentifierDTO.list(for: identity), platform: platform.protocolCode,
            appVersion: app.appVersion, sdkVersion: MarqueeSDK.version, locale: app.locale,
            lastPingInMillis: lastPingMillis, marqueePlatform: platform)
        return await post(body, to: url, accessToken: accessToken, signature: signature, endpoint: "displayPermission",
                          as: DisplayPermissionResponse.self)
    }

    /// Takes the pairing `code` names (``PairRequest``).
    func pair(url: URL, code: String) async -> Result<PairResponse, RequestFailure> {
        await post(PairRequest(code: code), to: url, accessToken: nil, endpoint: "pair", as: PairResponse.self)
    }

    /// Ends the device's pairing.
    func endPairing(url: URL, pairing: String) async -> Result<Void, RequestFailure> {
        await deliver(["pairing": pairing], to: url, accessToken: nil, endpoint: "pair")
    }

    /// Sends a debug session's lines.
    func debug(url: URL, request: DebugLogRequest) async -> Result<Void, RequestFailure> {
        await deliver(request, to: url, accessToken: nil, endpoint: "debug")
    }

    /// Sends an impression batch; the response body is ignored.
    func impression(url: URL, request: ImpressionRequest, accessToken: String?) async -> Result<Void, RequestFailure> {
        await deliver(request, to: url, accessToken: accessToken, endpoint: "impression")
    }

    /// Sends a conversion; the answer (counted or not) changes nothing on the device, so it is ignored.
    func conversion(url: URL, request: ConversionRequest, accessToken: String?) async -> Result<Void, RequestFailure> {
        await deliver(request, to: url, accessToken: accessToken, endpoint: "conversion")
    }

    /// Sends a survey's answers; whether they were stored before changes nothing on the device.
    func survey(url: URL, request: SurveyResponseRequest, accessToken: String?) async -> Result<Void, RequestFailure> {
        await deliver(request, to: url, accessToken: accessToken, endpoint: "survey")
    }

    func profile(url: URL, request: ProfileUpdateRequest, accessToken: String?, signature: String?) async -> Result<Void, RequestFailure> {
        await deliver(request, to: url, accessToken: accessToken, signature: signature, endpoint: "profile")
    }

    /// Posts `body` and keeps only whether it arrived.
    private func deliver<Body: Encodable>(_ body: Body, to url: URL, accessToken: String?, signature: String? = nil,
                                          endpoint: String) async -> Result<Void, RequestFailure> {
        do {
            let data = try MarqueeJSONCoders.encoder.encode(body)
            let response = try await transport.send(HTTPRequest(method: "POST", url: url,
                                                                 headers: headers(accessToken: accessToken, signature: signature), body: data))
            if let failure = Self.failure(status: response.status, endpoint: endpoint) { return .failure(failure) }
            return .success(())
        } catch {
            return .failure(.retryable(.transport(endpoint: endpoint, description: String(describing: error))))
        }
    }

    private func post<Body: Encodable, Response: Decodable>(_ body: Body, to url: URL, accessToken: String?, signature: String? = nil,
                                                            endpoint: String, as type: Response.Type) async -> Result<Response, RequestFailure> {
        do {
            let data = try MarqueeJSONCoders.encoder.encode(body)
            return await send(HTTPRequest(method: "POST", url: url, headers: headers(accessToken: accessToken, signature: signature),
                                          body: data),
                              endpoint: endpoint, as: type)
        } catch {
            return .failure(.permanent(.invalidResponse(endpoint: endpoint, description: String(describing: error))))
        }
    }

    private func send<Response: Decodable>(_ request: HTTPRequest, endpoint: String,
                                           as type: Response.Type) async -> Result<Response, RequestFailure> {
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            return .failure(.retryable(.transport(endpoint: endpoint, description: String(describing: error))))
        }
        if let failure = Self.failure(status: response.status, endpoint: endpoint) { return .failure(failure) }
        do {
            return .success(try MarqueeJSONCoders.decoder.decode(type, from: response.body))
        } catch {
            return .failure(.permanent(.invalidResponse(endpoint: endpoint, description: String(describing: error))))
        }
    }

    /// `nil` for 2xx; 429 and 5xx are retryable; other statuses are not.
    static func failure(status: Int, endpoint: String) -> RequestFailure? {
        switch status {
        case 200..<300: nil
        case 429, 500..<600: .retryable(.httpStatus(endpoint: endpoint, status: status))
        default: .permanent(.httpStatus(endpoint: endpoint, status: status))
        }
    }
}
