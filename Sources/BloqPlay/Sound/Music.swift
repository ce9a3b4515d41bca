import BloqGame
import Glibc

/// The game's sounds as one small musical voice (docs/design.md, "Sound"): every note is
/// on the G major pentatonic scale (G A B D E), where any notes together sound consonant.
/// Each block colour has its own note, which its slide and its stop sound; vanishes climb
/// the scale as the board empties; the clear is the key's chord, broken upwards.
public enum Music {
    /// The key's tonic, G4, in hertz (equal temperament, A4 = 440 Hz).
    public static let tonic = 440 * semitoneRatio(-2)

    /// The scale's notes in semitones above the tonic: the major pentatonic.
    public static let scale = [0, 2, 4, 7, 9]

    /// How many steps the vanishes climb: degrees 0...10, G4 to G6, two octaves.
    public static let vanishSteps = 11

    /// The frequency of scale degree `degree` (0 is the tonic, 5 the octave above, -5 the
    /// octave below).
    public static func frequency(degree: Int) -> Double {
        let octave = degree >= 0 ? degree / scale.count : -((-degree + scale.count - 1) / scale.count)
        let index = degree - octave * scale.count
        return tonic * semitoneRatio(12 * octave + scale[index])
    }

    /// A colour's degree: red G3, orange A3, yellow B3, green D4, blue E4, purple G4, cyan A4,
    /// white B4 (the classic four, red, blue, orange and green, are G, E, A and D).
    public static func degree(of color: BlockColor) -> Int { color.index - scale.count }

    /// The step of a vanish that leaves `remaining` of the level's `total` blocks: the share
    /// of the board emptied, on 0...`vanishSteps - 1`, so the last vanish is always the top
    /// (G6) and each one sounds higher than the one before (while the steps are fewer than
    /// the vanishes, two may share one).
    public static func vanishStep(remaining: Int, total: Int) -> Int {
        guard total > 0 else { return vanishSteps - 1 }
        let gone = Double(min(max(total - remaining, 0), total)) / Double(total)
        return Int((gone * Double(vanishSteps - 1)).rounded())
    }

    /// The notes of the clear, in degrees: the tonic chord broken upwards (G4 B4 D5 G5).
    public static let clearDegrees = [0, 2, 3, 5]

    private static func semitoneRatio(_ semitones: Int) -> Double { pow(2, Double(semitones) / 12) }
}

/// A sound the platform should play. What a note needs travels with it: the block's colour,
/// the vanish's step on the scale (`Music.vanishStep`).
public enum SoundCue: Hashable, Sendable {
    /// A block sets off: its colour's note, soft.
    case slide(BlockColor)
    /// A block stops without vanishing: a short knock on its colour's note.
    case land(BlockColor)
    /// Blocks vanish: the stop's knock in the moved block's colour under a bell `step` up
    /// the scale.
    case vanish(BlockColor, step: Int)
    /// The board is cleared: the key's chord, broken upwards.
    case clear
    /// A push that cannot move: a dull low note.
    case bump
    /// A control pressed: a tiny tick.
    case click
}
