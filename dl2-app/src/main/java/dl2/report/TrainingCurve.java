package dl2.report;

import dl2.io.InputException;
import dl2.io.OutputPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A training run's learning curve: the CSV that {@code dl2 train} (rl-curve.csv) or {@code dl2
 * train-sl} (learning-curve.csv) writes, with a {@code step} and a {@code val_jct_greedy} column.
 *
 * @param source the file it was read from
 * @param steps training steps, in file order
 * @param validationJct greedy validation mean average JCT at each step
 */
public record TrainingCurve(Path source, double[] steps, double[] validationJct) {
  public static final String RL_CURVE = "rl-curve.csv";

  /**
   * The validation JCT train-sl records for a point whose policy left jobs waiting (no
   * start-of-slot bundle).
   */
  static final String STARVED = "Infinity";

  public static final String SL_CURVE = "learning-curve.csv";

  /**
   * Reads {@code path}: a CSV file, or a training directory holding rl-curve.csv or else
   * learning-curve.csv.
   */
  public static TrainingCurve read(Path path) {
    Path file = path;
    if (Files.isDirectory(path)) {
      file =
          Files.isRegularFile(path.resolve(RL_CURVE))
              ? path.resolve(RL_CURVE)
              : path.resolve(SL_CURVE);
      if (!Files.isRegularFile(file)) {
        throw InputException.inFile(
            path.toString(), "is a directory without " + RL_CURVE + " or " + SL_CURVE);
      }
    }
    List<String> lines =
        new String(OutputPaths.readInput(file), StandardCharsets.UTF_8).lines().toList();
    return parse(file, lines);
  }

  /**
   * The learning curve written with a policy file, if any: {@code NAME.rl-curve.csv} beside {@code
   * NAME.policy} (the shipped policies; links are followed), else the rl-curve.csv or
   * learning-curve.csv of the training directory the policy is in.
   */
  public static Optional<Path> besidePolicy(Path policy) {
    Path real;
    try {
      real = policy.toRealPath();
    } catch (IOException e) {
      return Optional.empty();
    }
    String name = real.getFileName().toString();
    String stem =
        name.endsWith(".policy") ? name.substring(0, name.length() - ".policy".length()) : name;
    return Stream.of(stem + "." + RL_CURVE, RL_CURVE, SL_CURVE)
        .map(real::resolveSibling)
        .filter(Files::isRegularFile)
        .findFirst();
  }

  /**
   * The policy file this curve chose, if one lies beside it: {@code NAME.policy} for {@code
   * NAME.rl-curve.csv} (the shipped policies), else best.policy in the curve's directory (a train
   * or train-sl output directory).
   */
  public Optional<Path> policyBeside() {
    String name = source.getFileName().toString();
    String suffix = "." + RL_CURVE;
    Path candidate =
        name.endsWith(suffix) && name.length() > suffix.length()
            ? source.resolveSibling(name.substring(0, name.length() - suffix.length()) + ".policy")
            : source.resolveSibling("best.policy");
    return Files.isRegularFile(candidate) ? Optional.of(candidate) : Optional.empty();
  }

  static TrainingCurve parse(Path file, List<String> lines) {
    if (lines.isEmpty()) {
      throw InputException.inFile(
          file.toString(), "is empty; expected a learning-curve CSV with a header");
    }
    List<String> header = List.of(lines.get(0).trim().split(",", -1));
    int step = column(file, header, "step");
    int jct = column(file, header, "val_jct_greedy");
    List<double[]> points = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      if (lines.get(i).isBlank()) {
        continue;
      }
      String[] cells = lines.get(i).trim().split(",", -1);
      if (cells.length != header.size()) {
        throw InputException.at(
            file.toString(),
            i + 1,
            "row",
            "has " + cells.length + " fields, the header " + header.size());
      }
      if (cells[jct].trim().equals(STARVED)) {
        continue; // a warm-up validation that starved its jobs: nothing to plot
      }
      points.add(
          new double[] {
            number(file, i + 1, "step", cells[step]),
            number(file, i + 1, "val_jct_greedy", cells[jct])
          });
    }
    if (points.isEmpty()) {
      throw InputException.inFile(file.toString(), "has no rows after its header");
    }
    return new TrainingCurve(
        file,
        points.stream().mapToDouble(p -> p[0]).toArray(),
        points.stream().mapToDouble(p -> p[1]).toArray());
  }

  private static int column(Path file, List<String> header, String name) {
    int index = header.indexOf(name);
    if (index < 0) {
      throw InputException.at(
          file.toString(), 1, name, "missing column; the header is " + String.join(",", header));
    }
    return index;
  }

  private static double number(Path file, int line, String field, String text) {
    try {
      double value = Double.parseDouble(text.trim());
      if (Double.isFinite(value)) {
        return value;
      }
    } catch (NumberFormatException e) {
      // Reported below.
    }
    throw InputException.at(file.toString(), line, field, "not a finite number: '" + text + "'");
  }
}
