import BloqSDL
import BloqTestSupport
import Foundation
import Testing

@Test("the windows are named after the metainfo's application id, so desktops find their entry and icon")
func windowsNamedAfterTheApplicationID() throws {
    let metainfo = Repository.url("Assets/\(ApplicationID.value).metainfo.xml")
    let text = try String(contentsOf: metainfo, encoding: .utf8)
    #expect(text.contains("<id>\(ApplicationID.value)</id>"))
    let desktop = try Repository.text("Assets/\(ApplicationID.value).desktop")
    #expect(desktop.contains("\nStartupWMClass=\(ApplicationID.value)\n"))
}
