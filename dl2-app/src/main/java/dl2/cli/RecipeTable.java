package dl2.cli;

import dl2.learning.rl.TrainingRecipe;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help section of a command with {@code --recipe}: every recipe's values of the options whose
 * default is "the recipe's", read from {@link TrainingRecipe}, so that the help never restates
 * them.
 */
final class RecipeTable implements IHelpSectionRenderer {
  static final String KEY = "recipes";
  private static final int WIDTH = 80;
  private static final String INDENT = "  ";

  /** Adds the section after the options of {@code command}, if it has --recipe. */
  static void install(CommandLine command) {
    if (command.getCommandSpec().findOption("--recipe") == null) {
      return;
    }
    command.getHelpSectionMap().put(KEY, new RecipeTable());
    List<String> keys = new ArrayList<>(command.getHelpSectionKeys());
    keys.add(keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST) + 1, KEY);
    command.setHelpSectionKeys(keys);
  }

  @Override
  public String render(Help help) {
    StringBuilder text =
        new StringBuilder(
            String.format(
                "%nThe recipes' defaults (--recipe NAME; a flag given overrides its value):%n"));
    for (TrainingRecipe recipe : TrainingRecipe.ALL) {
      wrap(
          text,
          recipe.name() + ":",
          flags(recipe).stream().filter(f -> fromRecipe(help.commandSpec(), f)).toList());
    }
    return text.toString();
  }

  /**
   * Whether the command has the option of {@code flag} ("--name value") and leaves its default to
   * the recipe.
   */
  private static boolean fromRecipe(CommandSpec spec, String flag) {
    OptionSpec option = spec.findOption(flag.substring(0, flag.indexOf(' ')));
    if (option == null || option.defaultValue() != null) {
      return false;
    }
    try {
      return spec.defaultValueProvider() == null
          || spec.defaultValueProvider().defaultValue(option) == null;
    } catch (Exception e) {
      return false;
    }
  }

  /** The recipe's value of each option it sets, as the command line would give it. */
  static List<String> flags(TrainingRecipe r) {
    return List.of(
        "--steps " + r.steps(),
        "--sl-steps " + r.slSteps(),
        "--lr " + number(r.learningRate()),
        "--entropy " + number(r.entropy()),
        "--exploration " + r.exploration().cliName(),
        "--reward " + r.reward().cliName(),
        "--marginal-value " + r.marginalValue().cliName(),
        "--network " + EnumOption.dashed(r.network()),
        "--hidden " + r.hidden(),
        "--layers " + r.layers(),
        "--encoding " + EnumOption.dashed(r.encoding()),
        "--window " + (r.window() > 0 ? Integer.toString(r.window()) : "(the preset's)"));
  }

  private static String number(double value) {
    return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** {@code head} then the words, filled to the help's width under a hanging indent. */
  private static void wrap(StringBuilder text, String head, List<String> words) {
    String indent = INDENT.repeat(3);
    StringBuilder line = new StringBuilder(INDENT + head);
    for (String word : words) {
      if (line.length() + 1 + word.length() > WIDTH) {
        text.append(line).append(System.lineSeparator());
        line = new StringBuilder(indent).append(word);
      } else {
        line.append(' ').append(word);
      }
    }
    text.append(line).append(System.lineSeparator());
  }
}
