import BloqEngine
import BloqGame

/// Something the scene did that the platform may want to show or sound.
public enum SceneEvent: Hashable, Sendable {
    /// A push that could not move (blocked, or it would not commute with moves in flight).
    case bumped(CellPosition, Direction)
    /// A move committed to the rules.
    case committed(Move)
    /// Blocks of a colour vanished (the cells they were in), leaving `remaining` blocks on
    /// the board.
    case vanished([CellPosition], BlockColor, remaining: Int)
    /// A block of a colour came to rest without vanishing.
    case landed(BlockColor)
    /// The board became empty: by a move, or by an edit that brings back a position a move
    /// emptied before (undo then redo, a restart undone).
    case cleared(byEdit: Bool)
    /// A restart was carried out (it waits for the moves in flight; the board it makes
    /// commits when its animation ends).
    case restarted
    /// A block of a colour set off on its own (a release, a key or a programmatic move).
    case slideStarted(BlockColor)
}

/// The board being played: the rules' session plus a sprite and, while it moves, a slide
/// controller per block. Pointers drive it in cell units (whole numbers are cell centres),
/// so it knows nothing of pixels, windows or SDL; `AnimationDriver` time moves it.
///
/// Moves commit to the session when their animations complete at the end, so the board
/// is always the level's start with the committed moves applied.
public final class BoardScene {
    /// How far (in cells) a pan must travel before its direction is decided.
    public static let directionThreshold = 0.1
    /// Release speed (cells per second) below which the position, not the velocity, decides.
    public static let flingSpeed = 1.0
    /// While a pointer drags, fractionComplete stays in this range so a drag alone never
    /// completes or cancels a move.
    public static let scrubRange = 0.01...0.99
    /// Seconds a vanish takes: a pop, swell then gone.
    public static let vanishDuration = 0.3
    /// How far back in time a press where a moving block was drawn still catches it: a
    /// person sees the block, reacts and presses where they saw it, about 200 ms late.
    public static let catchLag = 0.25

    public let driver: AnimationDriver
    public private(set) var session: PlaySession
    /// Reduced motion (a setting): vanishes fade, blocks do not bump, undo and redo
    /// cross-fade, and a hint's ghost appears where its move ends instead of sliding there.
    /// A dragged block still follows the pointer.
    public var reducedMotion = false
    /// Events since the caller last took them.
    public private(set) var events: [SceneEvent] = []

    var sprites: [Int: BlockSprite] = [:]
    /// The block id resting in each occupied cell of the committed board.
    var restingIDs: [CellPosition: Int] = [:]
    private var controllers: [Int: SlideController] = [:]
    private var grabs: [PointerID: Grab] = [:]
    /// Where each moving block was drawn over the last `catchLag` seconds of scene time.
    private var trails: [Int: [(time: Double, position: CellPoint)]] = [:]
    /// Seconds the scene has advanced.
    private var time = 0.0
    private var nextID = 0
    private var queuedEdits: [Edit] = []
    /// The undo, redo or restart playing; other input waits while it runs.
    private var playing: PlayingEdit?

    /// An edit and its animation, which commits it when it completes at its end.
    private struct PlayingEdit {
        let edit: Edit
        let animator: PropertyAnimator
        /// The slide of the one block it moves, when it moves one (its animator is `animator`).
        let slide: SlideController?

        /// The slide a hand can catch, as it catches a move's: not a restart's.
        var catchableSlide: SlideController? { edit.isCatchable ? slide : nil }
    }

    private struct Grab {
        var blockID: Int
        var pan = PanRecognizer()
        /// The controller's fractionComplete when this pointer took it.
        var progressAtGrab = 0.0
        /// The push was blocked: the rest of this pan does nothing.
        var isSpent = false
    }

    public init(board: Board, driver: AnimationDriver = AnimationDriver()) {
        self.driver = driver
        session = PlaySession(start: board)
        rebuildSprites()
    }

    // MARK: Reading

    /// The sprites to draw, in a stable order (by id).
    public var blockSprites: [BlockSprite] { sprites.values.sorted { $0.id < $1.id } }

    /// Ghosts of blocks showing a hint: drawn faint, never hit-tested, never committed.
    public private(set) var ghosts: [BlockSprite] = []
    private var ghostPlayer: MotionPlayer?

    /// Whether a hint's ghosts are playing.
    public var isShowingGhosts: Bool { ghostPlayer != nil }

    /// Stops the ghosts and takes them away.
    public func clearGhosts() {
        ghostPlayer?.stop()
        ghostPlayer = nil
        ghosts.removeAll()
    }

    /// Plays `moves` (from the committed board) as ghosts, one after the other: a faint copy
    /// of each block slides where the move would take it, then fades. Nothing commits.
    /// With reduced motion each ghost fades in where its move ends.
    public func showGhosts(of moves: [Move]) {
        clearGhosts()
        var board = self.board
        var steps: [Motion] = []
        for (index, move) in moves.enumerated() {
            guard let slide = board.slide(move) else { break }
            let from = CellPoint(move.from)
            let to = CellPoint(slide.destination)
            let ghost = BlockSprite(id: -(index + 1), color: slide.color, position: from)
            ghosts.append(ghost)
            let slot = index
            if reducedMotion {
                steps.append(
                    Motion.tween(0.2, .linear) { [weak self] t in
                        self?.ghosts[safe: slot]?.opacity = t
                        self?.ghosts[safe: slot]?.position = to
                    }
                    .then(.wait(0.5)))
                board = slide.result
                continue
            }
            steps.append(
                Motion.tween(MotionToken.ghostFade, .linear) { [weak self] t in
                    self?.ghosts[safe: slot]?.opacity = t
                    self?.ghosts[safe: slot]?.position = from
                }
                .then(
                    .tween(MotionToken.ghostTravel(cells: slide.distance), .easeInOut) { [weak self] t in
                        self?.ghosts[safe: slot]?.position = from.interpolated(to: to, t)
                    }
                )
                .then(.wait(MotionToken.ghostPause)))
            board = slide.result
        }
        for index in ghosts.indices { ghosts[index].opacity = 0 }
        let fade = Motion.tween(0.3, .easeIn(.quad)) { [weak self] t in
            guard let self else { return }
            for index in self.ghosts.indices { self.ghosts[index].opacity = 1 - t }
        }
        let player = MotionPlayer(Motion.sequence(steps + [fade]), driver: driver)
        ghostPlayer = player
        player.start { [weak self] _ in
            self?.ghosts.removeAll()
            self?.ghostPlayer = nil
        }
    }

    /// Draws the block `id` displaced by `offset` cells from where it rests: a visual effect
    /// (the bump uses it); the rules are untouched.
    public func nudge(block id: Int, by offset: CellPoint) {
        sprites[id]?.nudge = offset
    }

    /// Replaces the line of play with `log` played from the start (resuming a saved game).
    /// Returns false, changing nothing, if a move is illegal.
    @discardableResult
    public func restore(log: [Move]) -> Bool {
        var restored = PlaySession(start: session.start)
        for move in log where restored.play(move) == nil { return false }
        session = restored
        rebuildSprites()
        return true
    }

    /// The committed board.
    public var board: Board { session.board }

    /// Whether anything moves (the render loop may sleep when not).
    public var isAnimating: Bool { driver.hasRunningAnimators }

    /// The blocks moving now: those sliding on their controllers (held by a pointer or
    /// running) and the one an undo or redo slides.
    public var movingBlockIDs: Set<Int> {
        var ids = Set(controllers.keys)
        if let slide = playing?.slide { ids.insert(slide.blockID) }
        return ids
    }

    /// Whether moves are in flight (undo, redo and restart wait until none are).
    public var hasMovesInFlight: Bool { !controllers.isEmpty }

    /// Lands at once every move no hand holds that is sliding on to land, and carries out
    /// the edits asked for behind them (the game is quitting, or the screen left): a move
    /// let go is a move made, and an undo asked for is made too.
    public func landMovesNow() {
        // Each round lands what plays and starts the next edit queued: one round per edit.
        for _ in 0...(queuedEdits.count + 1) {
            let landingNow = landing
            guard !landingNow.isEmpty else { return }
            for animator in landingNow {
                animator.stopAnimation(false)
                animator.finishAnimation(at: .end)
            }
            processEdits()
        }
    }

    /// Whether a move or an edit no hand holds is on its way to land (let go past its
    /// point, or run on its own): an undo or a restart asked for now takes it back once
    /// it has.
    public var hasMoveLanding: Bool { !landing.isEmpty }

    /// Whether Redo will put a move back: not while a move let go goes on to land, as it
    /// starts a new line and drops what could be redone; yes while an undo goes on.
    public var canRedo: Bool {
        if !movesLanding.isEmpty { return false }
        if let playing, playing.edit == .undo, !playing.animator.isReversed { return true }
        return session.canRedo
    }

    /// The moves no hand holds that go on to land.
    private var movesLanding: [SlideController] {
        controllers.filter { id, controller in !controller.animator.isReversed && !isHeld(id) }.map(\.value)
    }

    /// The animations of the moves and the edit no hand holds that go on to land (a
    /// snapshot: landing one changes `controllers` and `playing`).
    private var landing: [PropertyAnimator] {
        var going = movesLanding.map(\.animator)
        if let playing, !playing.animator.isReversed, !(playing.slide.map { isHeld($0.blockID) } ?? false) {
            going.append(playing.animator)
        }
        return going
    }

    /// Whether a pointer holds block `id`.
    private func isHeld(_ id: Int) -> Bool { grabs.values.contains { $0.blockID == id } }

    /// Whether the scene has work that time will move on: animations, or edits queued
    /// behind moves in flight.
    public var isBusy: Bool { isAnimating || !queuedEdits.isEmpty }

    /// Returns the events since the last call and forgets them.
    public func takeEvents() -> [SceneEvent] {
        defer { events.removeAll() }
        return events
    }

    // MARK: Time

    /// Advances every animation by `seconds`.
    public func advance(by seconds: Double) {
        driver.advance(by: seconds)
        processEdits()
        time += seconds
        recordTrails()
    }

    /// Notes where each moving block no hand holds is drawn now, and forgets what is older
    /// than `catchLag`.
    private func recordTrails() {
        let moving = movingBlockIDs.filter { !isHeld($0) }
        trails = trails.filter { moving.contains($0.key) }
        for id in moving {
            guard let sprite = sprites[id] else { continue }
            var trail = trails[id] ?? []
            trail.removeAll { time - $0.time > BoardScene.catchLag }
            trail.append((time, sprite.position))
            trails[id] = trail
        }
    }

    // MARK: Pointers

    /// A pointer went down at `point` (cell units). It grabs the block drawn there, if
    /// any, catching it mid-flight when it is moving: a move, or the slide of an undo or
    /// redo (the edit waits in the hand, and the edits queued behind it go).
    public func pointerDown(_ pointer: PointerID, at point: CellPoint, time: Double) {
        guard grabs[pointer] == nil, let id = hitTest(point), !isHeld(id) else { return }
        var grab = Grab(blockID: id)
        if let playing {
            guard playing.catchableSlide?.blockID == id else { return }
            queuedEdits.removeAll()
        } else if !queuedEdits.isEmpty {
            return
        }
        if let slide = slide(of: grab) {
            slide.animator.pauseAnimation()
            grab.progressAtGrab = slide.animator.fractionComplete
        }
        grab.pan.begin(at: Point(x: point.column, y: point.row), time: time)
        grabs[pointer] = grab
    }

    /// A pointer that is down moved to `point`.
    public func pointerMoved(_ pointer: PointerID, to point: CellPoint, time: Double) {
        guard var grab = grabs[pointer] else { return }
        grab.pan.move(to: Point(x: point.column, y: point.row), time: time)
        defer { grabs[pointer] = grab }
        guard !grab.isSpent else { return }
        if slide(of: grab) == nil {
            let translation = grab.pan.translation
            guard max(abs(translation.x), abs(translation.y)) >= BoardScene.directionThreshold else { return }
            let direction: Direction =
                abs(translation.x) >= abs(translation.y)
                ? (translation.x < 0 ? .left : .right) : (translation.y < 0 ? .up : .down)
            guard let cell = restingCell(of: grab.blockID), beginMove(Move(from: cell, direction: direction), blockID: grab.blockID)
            else {
                grab.isSpent = true
                return
            }
            grab.progressAtGrab = 0
        }
        scrub(grab)
    }

    /// A pointer went up at `point`: the move finishes or returns by the release velocity.
    public func pointerUp(_ pointer: PointerID, at point: CellPoint, time: Double) {
        guard var grab = grabs.removeValue(forKey: pointer) else { return }
        grab.pan.end(at: Point(x: point.column, y: point.row), time: time)
        if !grab.isSpent, slide(of: grab) != nil { scrub(grab) }
        release(grab)
    }

    /// The platform took a pointer away (focus lost, window left): a release with no velocity.
    public func pointerCancelled(_ pointer: PointerID) {
        guard var grab = grabs.removeValue(forKey: pointer) else { return }
        grab.pan.cancel()
        release(grab)
    }

    // MARK: Programmatic moves

    /// Plays `move` with its animation, as a swipe that runs on its own. Returns false (with a
    /// bump) when the move is illegal or would not commute with the moves in flight.
    @discardableResult
    public func perform(_ move: Move) -> Bool {
        guard playing == nil, queuedEdits.isEmpty, let id = restingIDs[move.from], controllers[id] == nil, !isHeld(id)
        else { return false }
        guard beginMove(move, blockID: id), let controller = controllers[id] else { return false }
        controller.animator.startAnimation()
        if let color = sprites[id]?.color { events.append(.slideStarted(color)) }
        return true
    }

    /// Undoes the last step, animated, as soon as no move is in flight (requests queue).
    public func undo() { request(.undo) }

    /// Redoes the last undone step, animated, as soon as no move is in flight.
    public func redo() { request(.redo) }

    /// Restarts the level (undoable), animated, as soon as no move is in flight.
    public func restart() { request(.restart) }

    /// Goes back through the history to the position after `moves` moves of the line, in
    /// one edit (nothing when the line is that short already).
    public func rewind(to moves: Int) { request(.rewind(moves)) }

    /// Whether an undo, redo or restart is animating or waiting for moves to settle.
    public var hasPendingEdits: Bool { !queuedEdits.isEmpty || playing != nil }

    // MARK: Private

    private enum Edit: Equatable {
        case undo, redo, restart
        case rewind(Int)

        /// Whether a hand can catch its slide (when it moves one block), as it catches a
        /// move: not a restart's, whose new attempt began when it was carried out.
        var isCatchable: Bool { self != .restart }

        /// An undo against a redo: one takes back what the other makes.
        func isOpposite(of other: Edit) -> Bool { (self == .undo && other == .redo) || (self == .redo && other == .undo) }
    }

    /// The slide a pointer's grab holds: a move's, or the slide of the undo or redo playing.
    private func slide(of grab: Grab) -> SlideController? {
        if let controller = controllers[grab.blockID] { return controller }
        return playing?.slide?.blockID == grab.blockID ? playing?.slide : nil
    }

    private func request(_ edit: Edit) {
        // The same edit asked for again while a hand holds its slide (Z on a caught undo)
        // is that one: it goes on, and no second one follows (helper-49 saw the block glide
        // back to its cell, then the new undo slide it all the way over).
        // Its opposite (Y on a caught undo) sends it back, and that is all.
        if let playing, let slide = playing.catchableSlide, playing.edit == edit || playing.edit.isOpposite(of: edit),
            let pointer = grabs.first(where: { $0.value.blockID == slide.blockID })?.key,
            let grab = grabs.removeValue(forKey: pointer)
        {
            release(grab, on: playing.edit == edit)
            return
        }
        // A block in a hand is no move yet: it lets go back to its cell, and the edit waits
        // for it. Z pressed while the mouse held a block, or Undo tapped by another finger,
        // took back the held block's move once it landed, not the last move made. An edit
        // that will change nothing (Redo with nothing to redo) leaves the hand alone.
        if changes(edit) {
            let held = grabs.values
            grabs.removeAll()
            for grab in held { release(grab, on: false) }
        }
        queuedEdits.append(edit)
        processEdits()
    }

    /// Whether `edit` will change the position: what it does now, or after the edits queued
    /// or playing and the moves let go and still sliding.
    private func changes(_ edit: Edit) -> Bool {
        if !queuedEdits.isEmpty || playing != nil || controllers.keys.contains(where: { !isHeld($0) }) {
            return true
        }
        switch edit {
        case .undo: return session.canUndo
        case .redo: return session.canRedo
        case .restart: return session.moves > 0 || session.board != session.start
        case .rewind(let moves): return session.log.count > max(moves, 0)
        }
    }

    /// Carries out queued edits while nothing is in flight: each animates the sprites from
    /// the board to the one it makes, and commits when its animation completes at the end.
    private func processEdits() {
        while playing == nil, controllers.isEmpty, !queuedEdits.isEmpty {
            let edit = queuedEdits.removeFirst()
            var after = session
            let changed: Bool
            switch edit {
            case .undo: changed = after.undo()
            case .redo: changed = after.redo()
            case .restart:
                changed = after.restart()
                if changed { events.append(.restarted) }
            case .rewind(let moves):
                let from = after.log.count
                while after.log.count > max(moves, 0), after.undo() {}
                changed = after.log.count != from
            }
            guard changed else { continue }
            // The move that separates the two positions, when one does.
            var move: Move?
            var forward = false
            if after.log.count == session.log.count + 1, after.log.dropLast() == session.log[...] {
                move = after.log.last
                forward = true
            } else if session.log.count == after.log.count + 1, session.log.dropLast() == after.log[...] {
                move = session.log.last
            }
            animateEdit(edit, to: after, move: move, forward: forward)
        }
    }

    /// Animates the sprites from the board to `after`'s: a single move slides its block
    /// (forward for redo, back for undo, with vanished blocks reappearing); anything else
    /// shrinks the blocks that go and grows the ones that come. Completed at the end, the
    /// session becomes `after`; at the start (a hand caught the slide and sent it back),
    /// nothing changed.
    private func animateEdit(_ edit: Edit, to after: PlaySession, move: Move?, forward: Bool) {
        let old = board
        let new = after.board
        // Blocks still fading out from an earlier vanish belong to the old picture.
        for (id, sprite) in sprites where sprite.isVanishing { sprites[id] = nil }
        var slide: SlideController?
        var appearing: Set<Int> = []
        var leaving: Set<Int> = []
        var vanishing: [Int] = []
        var resting: [CellPosition: Int] = [:]
        func newSprite(_ cell: CellPosition, _ color: BlockColor) -> Int {
            nextID += 1
            var sprite = BlockSprite(id: nextID, color: color, position: CellPoint(cell))
            sprite.scale = 0
            sprite.opacity = 0
            sprites[nextID] = sprite
            return nextID
        }
        // Reduced motion: every edit is a cross-fade of what changes.
        if !reducedMotion, let move, forward, let played = old.slide(move), played.result == new, let id = restingIDs[move.from] {
            // Redo: slide forward as the move did; what it vanishes fades when it lands.
            slide = SlideController(blockID: id, move: move, destination: played.destination, driver: driver)
            resting = restingIDs
            resting[move.from] = nil
            resting[played.destination] = id
            for cell in played.vanished {
                resting[cell] = nil
                if let gone = cell == played.destination ? id : restingIDs[cell] { vanishing.append(gone) }
            }
        } else if !reducedMotion, let move, !forward, let played = new.slide(move), played.result == old {
            // Undo: what vanished comes back, and the block slides home, easing into its cell.
            resting = restingIDs
            let id: Int
            if let existing = restingIDs[played.destination] {
                id = existing
            } else {
                id = newSprite(played.destination, played.color)
                appearing.insert(id)
            }
            for cell in played.vanished where cell != played.destination {
                if let color = new[cell].color {
                    let added = newSprite(cell, color)
                    appearing.insert(added)
                    resting[cell] = added
                }
            }
            resting[played.destination] = nil
            resting[move.from] = id
            slide = SlideController(
                blockID: id, move: Move(from: played.destination, direction: move.direction.opposite), destination: move.from,
                arrival: 0, driver: driver)
        } else {
            for position in new.positions.filter({ new[$0].color != nil || old[$0].color != nil }) {
                if new[position].color != nil, old[position] == new[position], let id = restingIDs[position] {
                    resting[position] = id
                    continue
                }
                if let id = restingIDs[position] { leaving.insert(id) }
                if let color = new[position].color {
                    let id = newSprite(position, color)
                    appearing.insert(id)
                    resting[position] = id
                }
            }
        }
        // A redo slides as a move does, landing with speed; an undo glides home and eases
        // into its cell; anything else grows and shrinks in the time of a one-cell slide.
        let animator =
            slide?.animator
            ?? PropertyAnimator(duration: reducedMotion ? 0.2 : SlideMotion.duration(forCells: 1), curve: .easeInOut, driver: driver)
        animator.addAnimations { [weak self, weak slide] t in
            guard let self else { return }
            if let slide { self.sprites[slide.blockID]?.position = slide.position(at: t) }
            // Newcomers grow in over the first half; leavers shrink away.
            let grow = min(t * 2, 1)
            for id in appearing {
                self.sprites[id]?.scale = self.reducedMotion ? 1 : grow
                self.sprites[id]?.opacity = grow
            }
            for id in leaving {
                self.sprites[id]?.scale = self.reducedMotion ? 1 : 1 - t
                self.sprites[id]?.opacity = 1 - t
            }
        }
        animator.addCompletion { [weak self, weak slide] position in
            // Held here: clearing `playing` below lets the slide go.
            guard let self else { return }
            let slide = slide
            self.playing = nil
            if let slide {
                for (pointer, grab) in self.grabs where grab.blockID == slide.blockID { self.grabs[pointer] = nil }
            }
            if position == .end {
                for id in leaving { self.sprites[id] = nil }
                for id in appearing {
                    self.sprites[id]?.scale = 1
                    self.sprites[id]?.opacity = 1
                }
                self.commitEdit(after, resting: resting)
                for id in vanishing { self.vanish(id) }
                if let slide, let move, forward, !vanishing.contains(slide.blockID) {
                    self.squash(slide.blockID, hitting: move.direction, at: slide.impactSpeed)
                }
            } else {
                // Sent back by a hand: the board is as it was.
                for id in appearing { self.sprites[id] = nil }
                for id in leaving {
                    self.sprites[id]?.scale = 1
                    self.sprites[id]?.opacity = 1
                }
            }
            self.verifySprites()
            self.processEdits()
        }
        playing = PlayingEdit(edit: edit, animator: animator, slide: slide)
        animator.startAnimation()
    }

    /// An edit's animation landed: the session becomes `after` and each block rests where
    /// its picture went. Changes of state drive events (Tatham's changed_state): an edit
    /// that empties the board clears the level as surely as a move does.
    private func commitEdit(_ after: PlaySession, resting: [CellPosition: Int]) {
        let wasCleared = session.isCleared
        session = after
        restingIDs = resting
        if session.isCleared, !wasCleared { events.append(.cleared(byEdit: true)) }
    }

    private func rebuildSprites() {
        sprites.removeAll()
        restingIDs.removeAll()
        for position in board.positions {
            guard let color = board[position].color else { continue }
            nextID += 1
            sprites[nextID] = BlockSprite(id: nextID, color: color, position: CellPoint(position))
            restingIDs[position] = nextID
        }
    }

    private func restingCell(of id: Int) -> CellPosition? {
        restingIDs.first { $0.value == id }?.key
    }

    /// The topmost live block whose drawn square contains `point`.
    /// Or, on no block, the moving block drawn there within the last `catchLag` seconds
    /// (helper-49 pressed where they had seen an undo's block a moment before, and missed
    /// it: at 200 ms a long slide is cells further on).
    private func hitTest(_ point: CellPoint) -> Int? {
        func covers(_ position: CellPoint) -> Bool {
            abs(position.row - point.row) <= 0.5 && abs(position.column - point.column) <= 0.5
        }
        if let id = blockSprites.last(where: { !$0.isVanishing && covers($0.position) })?.id { return id }
        return trails.filter { id, trail in sprites[id]?.isVanishing == false && trail.contains { covers($0.position) } }
            .min { $0.key < $1.key }?.key
    }

    /// Creates the paused animator of a move, or bumps and returns false.
    private func beginMove(_ move: Move, blockID: Int) -> Bool {
        guard !session.isFull, let slide = board.slide(move), commutesWithMovesInFlight(move) else {
            bump(blockID: blockID, direction: move.direction)
            return false
        }
        let controller = SlideController(
            blockID: blockID, move: move, destination: slide.destination, driver: driver)
        controller.animator.addAnimations { [weak self, weak controller] progress in
            guard let self, let controller else { return }
            self.sprites[blockID]?.position = controller.position(at: progress)
        }
        controller.animator.addCompletion { [weak self, weak controller] position in
            guard let self, let controller else { return }
            self.complete(controller, at: position)
        }
        controller.animator.pauseAnimation()
        controllers[blockID] = controller
        return true
    }

    /// GAME.md's rule: applied to the committed board before or after any of the moves in
    /// flight, the new move slides the same way and vanishes the same blocks, and so does
    /// each of them after it. Then every order of commits gives the same board.
    private func commutesWithMovesInFlight(_ move: Move) -> Bool {
        let inFlight = controllers.values.sorted { $0.blockID < $1.blockID }.map(\.move)
        guard !inFlight.isEmpty else { return true }
        guard inFlight.count <= 10, let alone = board.slide(move) else { return false }
        let solo = inFlight.compactMap { board.slide($0) }
        guard solo.count == inFlight.count else { return false }
        for subset in 0..<(1 << inFlight.count) {
            let applied = inFlight.indices.filter { subset & (1 << $0) != 0 }.map { inFlight[$0] }
            guard let before = board.applying(applied), let slide = before.slide(move),
                slide.destination == alone.destination, slide.vanished == alone.vanished
            else { return false }
            for index in inFlight.indices where subset & (1 << index) == 0 {
                guard let other = slide.result.slide(inFlight[index]),
                    other.destination == solo[index].destination, other.vanished == solo[index].vanished
                else { return false }
            }
        }
        return true
    }

    private func scrub(_ grab: Grab) {
        guard let controller = slide(of: grab), controller.distance > 0 else { return }
        let fraction = grab.progressAtGrab + controller.along(grab.pan.translation) / Double(controller.distance)
        controller.animator.fractionComplete = min(
            max(fraction, BoardScene.scrubRange.lowerBound), BoardScene.scrubRange.upperBound)
    }

    /// Ends a pan: the release velocity along the move decides, or the position when slow;
    /// the animator continues from where the pointer left it on a glide that leaves at the
    /// release speed (`SlideMotion`): on to land with speed and squash, or back to ease
    /// into its own cell. `on` decides instead, when given, as a release at rest.
    private func release(_ grab: Grab, on: Bool? = nil) {
        guard let controller = slide(of: grab) else { return }
        let animator = controller.animator
        let distance = Double(controller.distance)
        let velocity = on == nil ? controller.along(grab.pan.velocity) : 0  // cells per second along the move
        let fraction = animator.fractionComplete
        let finishes = on ?? (abs(velocity) >= BoardScene.flingSpeed ? velocity > 0 : fraction > 0.5)
        animator.isReversed = !finishes
        // The progress speed the block has now (whole slides per second), kept only when it
        // heads where the block is going.
        var speed = velocity / distance
        if finishes != (speed > 0) { speed = 0 }
        let remaining = (finishes ? 1 - fraction : fraction) * distance
        let rest = SlideMotion.release(remainingCells: remaining, speed: abs(speed) * distance, arrival: finishes ? controller.arrival : 0)
        controller.impactSpeed = rest.arrival * remaining / rest.time
        animator.continueAnimation(
            withTimingParameters: .glide(initialVelocity: speed, arrivalSlope: rest.arrival), durationFactor: rest.time / animator.duration)
        if finishes, let color = sprites[grab.blockID]?.color { events.append(.slideStarted(color)) }
    }

    private func complete(_ controller: SlideController, at position: AnimatingPosition) {
        let id = controller.blockID
        controllers[id] = nil
        for (pointer, grab) in grabs where grab.blockID == id { grabs[pointer] = nil }
        guard position == .end else {
            sprites[id]?.position = CellPoint(controller.move.from)
            return
        }
        guard let slide = session.play(controller.move) else {
            // The rules refused (should not happen with the commute rule): restore.
            sprites[id]?.position = CellPoint(controller.move.from)
            return
        }
        controller.swapOffsets()
        restingIDs[controller.move.from] = nil
        restingIDs[slide.destination] = id
        sprites[id]?.position = CellPoint(slide.destination)
        events.append(.committed(controller.move))
        if !slide.vanished.contains(slide.destination) {
            events.append(.landed(slide.color))
            squash(id, hitting: controller.move.direction, at: controller.impactSpeed)
        }
        if !slide.vanished.isEmpty {
            for cell in slide.vanished {
                if let vanishing = restingIDs.removeValue(forKey: cell) { vanish(vanishing) }
            }
            events.append(.vanished(slide.vanished, slide.color, remaining: board.blockCount))
        }
        verifySprites()
        if session.isCleared {
            events.append(.cleared(byEdit: false))
            // A clear still settling is not undone under the player's eyes (an Undo or a
            // Restart tapped while the winning move slid): the edits asked for meanwhile go.
            queuedEdits.removeAll()
        }
    }

    /// After a commit, every resting block must sit where the rules say (seed 000's sanity
    /// check); if not, the sprites are rebuilt from the board.
    private func verifySprites() {
        for (cell, id) in restingIDs where controllers[id] == nil {
            guard let sprite = sprites[id], board[cell].color == sprite.color,
                sprite.position == CellPoint(cell)
            else {
                rebuildSprites()
                return
            }
        }
        if restingIDs.count != board.blockCount { rebuildSprites() }
    }

    private func vanish(_ id: Int) {
        sprites[id]?.isVanishing = true
        if reducedMotion {
            // A fade, nothing grows or shrinks.
            let fade = PropertyAnimator(duration: 0.2, curve: .linear, driver: driver)
            fade.addAnimations { [weak self] t in self?.sprites[id]?.opacity = 1 - t }
            fade.addCompletion { [weak self] _ in self?.sprites[id] = nil }
            fade.startAnimation()
            return
        }
        // A pop, in keyframes: a quick swell that overshoots (Back) for the first 30 %, then
        // it shrinks away and fades, faster and faster.
        let animator = PropertyAnimator(duration: BoardScene.vanishDuration, curve: .linear, driver: driver)
        animator.addKeyframe(relativeStartTime: 0, relativeDuration: 0.3) { [weak self] t in
            guard t < 1 else { return }
            self?.sprites[id]?.scale = 1 + 0.2 * TimingCurve.easeOut(.back).progress(at: t)
        }
        animator.addKeyframe(relativeStartTime: 0.3, relativeDuration: 0.7) { [weak self] t in
            guard t > 0 else { return }
            self?.sprites[id]?.scale = 1.2 * (1 - TimingCurve.easeIn(.cubic).progress(at: t))
            self?.sprites[id]?.opacity = 1 - TimingCurve.easeIn(.quad).progress(at: t)
        }
        animator.addCompletion { [weak self] _ in self?.sprites[id] = nil }
        animator.startAnimation()
    }

    /// The block `id` hit what stopped it moving `direction` at `speed` cells per second:
    /// it squashes against it, then springs back (a little past, then settles).
    private func squash(_ id: Int, hitting direction: Direction, at speed: Double) {
        let amount = SlideMotion.squash(impactSpeed: speed)
        guard !reducedMotion, amount > 0.005 else { return }
        sprites[id]?.squashAxis = direction
        let squeeze = 0.15
        let spring = TimingCurve.spring(dampingRatio: 0.45, initialVelocity: 0)
        let settle = SlideMotion.squashDuration * (1 - squeeze)
        let animator = PropertyAnimator(duration: SlideMotion.squashDuration, curve: .linear, driver: driver)
        animator.addAnimations { [weak self] t in
            let value =
                t < squeeze
                ? amount * TimingCurve.easeOut(.quad).progress(at: t / squeeze)
                : amount * (1 - spring.progress(at: (t - squeeze) / (1 - squeeze), duration: settle))
            self?.sprites[id]?.squash = t >= 1 ? 0 : value
        }
        animator.addCompletion { [weak self] _ in
            self?.sprites[id]?.squash = 0
            self?.sprites[id]?.squashAxis = nil
        }
        animator.startAnimation()
    }

    private func bump(blockID id: Int, direction: Direction) {
        if let cell = restingCell(of: id) { events.append(.bumped(cell, direction)) }
        // Reduced motion: the sound says it, the block stays still.
        guard !reducedMotion else { return }
        let animator = PropertyAnimator(duration: 0.16, curve: .linear, driver: driver)
        animator.addAnimations { [weak self] t in
            let amount = 0.08 * (t < 0.35 ? t / 0.35 : (1 - t) / 0.65)
            self?.sprites[id]?.nudge = CellPoint(
                row: Double(direction.rowStep) * amount, column: Double(direction.columnStep) * amount)
        }
        animator.startAnimation()
    }
}

extension Array {
    /// The element at `index`, or nil outside the array (reads and writes).
    subscript(safe index: Int) -> Element? {
        get { indices.contains(index) ? self[index] : nil }
        set {
            guard let newValue, indices.contains(index) else { return }
            self[index] = newValue
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
