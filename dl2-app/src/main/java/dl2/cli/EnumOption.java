package dl2.cli;

import dl2.learning.env.MarginalValue;
import dl2.learning.env.RewardMode;
import dl2.learning.policy.PolicyNetwork;
import dl2.learning.rl.Baseline;
import dl2.learning.rl.ReplayKind;
import dl2.learning.rl.ReturnMode;
import dl2.learning.rl.explore.ExplorationMode;
import dl2.learning.state.StateEncoding;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An enum flag as picocli reads it: its values' command-line names are the completion candidates
 * (so {@code ${COMPLETION-CANDIDATES}} lists them in the help) and the converter accepts exactly
 * those, naming them when a value is not one. One subclass per enum.
 */
abstract class EnumOption<E extends Enum<E>> implements ITypeConverter<E>, Iterable<String> {
  private final List<E> values;
  private final Function<E, String> name;

  EnumOption(E[] values, Function<E, String> name) {
    this.values = Arrays.asList(values);
    this.name = name;
  }

  /** The usual command-line name of a constant: lower case, dashes for underscores. */
  static String dashed(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  @Override
  public E convert(String text) {
    for (E value : values) {
      if (name.apply(value).equals(text)) {
        return value;
      }
    }
    throw new TypeConversionException("must be one of " + String.join(", ", this) + ": " + text);
  }

  @Override
  public Iterator<String> iterator() {
    return values.stream().map(name).iterator();
  }

  static final class Replays extends EnumOption<ReplayKind> {
    Replays() {
      super(ReplayKind.values(), EnumOption::dashed);
    }
  }

  static final class Returns extends EnumOption<ReturnMode> {
    Returns() {
      super(ReturnMode.values(), EnumOption::dashed);
    }
  }

  static final class Baselines extends EnumOption<Baseline> {
    Baselines() {
      super(Baseline.values(), EnumOption::dashed);
    }
  }

  static final class Explorations extends EnumOption<ExplorationMode> {
    Explorations() {
      super(ExplorationMode.values(), ExplorationMode::cliName);
    }
  }

  static final class Rewards extends EnumOption<RewardMode> {
    Rewards() {
      super(RewardMode.values(), RewardMode::cliName);
    }
  }

  static final class MarginalValues extends EnumOption<MarginalValue> {
    MarginalValues() {
      super(MarginalValue.values(), MarginalValue::cliName);
    }
  }

  static final class Encodings extends EnumOption<StateEncoding> {
    Encodings() {
      super(StateEncoding.values(), EnumOption::dashed);
    }
  }

  static final class Networks extends EnumOption<PolicyNetwork> {
    Networks() {
      super(PolicyNetwork.values(), EnumOption::dashed);
    }
  }
}
