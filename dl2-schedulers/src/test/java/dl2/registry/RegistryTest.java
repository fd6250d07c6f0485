package dl2.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dl2.io.InputException;
import org.junit.jupiter.api.Test;

/**
 * Names in registration order, traits on the entries, and lookups that fail in one line naming the
 * valid names.
 */
class RegistryTest {
  /** Three "colours" whose instances are their names followed by the launch's plug-in seed. */
  private static final Registry<String> COLOURS =
      Registry.<String>of("colour", "--colour-jar", s -> s.split(" ")[0])
          .with("red", l -> "red " + l.pluginSeed(), Trait.BASELINE)
          .with("green", l -> "green " + l.pluginSeed(), Trait.BASELINE, Trait.ORACLE)
          .with("blue", "the sky's", l -> "blue " + l.pluginSeed());

  @Test
  void namesAndTraitsAreTheEntriesInTheOrderTheyWereRegistered() {
    assertThat(COLOURS.names()).containsExactly("red", "green", "blue");
    assertThat(COLOURS.names(Trait.BASELINE)).containsExactly("red", "green");
    assertThat(COLOURS.names(Trait.ORACLE)).containsExactly("green");
    assertThat(COLOURS.is("green", Trait.ORACLE)).isTrue();
    assertThat(COLOURS.is("red", Trait.ORACLE)).isFalse();
    assertThat(COLOURS.is("purple", Trait.BASELINE)).as("a name not here has no traits").isFalse();
    assertThat(COLOURS.plugInNames()).isEmpty();
  }

  @Test
  void aFactoryMakesAFreshInstanceForItsLaunch() {
    assertThat(COLOURS.create("green", new Launch(4, 1, 7, 2))).isEqualTo("green 7");
  }

  @Test
  void registeringANameAgainReplacesItsEntryInPlace() {
    Registry<String> replaced = COLOURS.with("red", l -> "crimson", Trait.PLANNER);
    assertThat(replaced.names()).containsExactly("red", "green", "blue");
    assertThat(replaced.create("red", Launch.live(1))).isEqualTo("crimson");
    assertThat(replaced.names(Trait.PLANNER)).containsExactly("red");
    assertThat(COLOURS.create("red", Launch.live(1)))
        .as("registries are immutable")
        .isEqualTo("red 0");
  }

  @Test
  void anUnknownNameListsTheValidOnesWithTheirNotes() {
    assertThatThrownBy(() -> COLOURS.create("purple", Launch.live(1)))
        .isInstanceOf(InputException.class)
        .hasMessage("unknown colour 'purple'; valid colours: red, green, blue (the sky's)");
    assertThatThrownBy(() -> COLOURS.require("purple", " in 'x@purple'", true))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "unknown colour 'purple' in 'x@purple'; valid colours: red, green, blue (the sky's); your own with "
                + "--colour-jar JAR");
  }
}
