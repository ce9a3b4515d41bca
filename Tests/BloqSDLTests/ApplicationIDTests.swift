import BloqSDL
import Foundation
import Testing

@Test("the windows are named after the metainfo's application id, so desktops find their entry and icon")
func windowsNamedAfterTheApplicationID() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let metainfo = root.appendingPathComponent("Assets/\(ApplicationID.value).metainfo.xml")
    let text = try String(contentsOf: metainfo, encoding: .utf8)
    #expect(text.contains("<id>\(ApplicationID.value)</id>"))
    let desktop = try String(contentsOf: root.appendingPathComponent("Assets/\(ApplicationID.value).desktop"), encoding: .utf8)
    #expect(desktop.contains("\nStartupWMClass=\(ApplicationID.value)\n"))
}
