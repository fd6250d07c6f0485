package dl2.speed;

import dl2.io.DecimalCell;
import dl2.io.InputException;
import dl2.io.OutputPaths;
import dl2.model.GpuCatalogue;
import dl2.model.JobType;
import dl2.model.ModelCatalogue;
import dl2.model.Resources;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a models file ({@code --models}): a CSV with the header {@code
 * model,epoch_size,worker_cores,worker_gpus,ps_cores} (any order) plus an optional {@code ps_gpus}
 * and the optional speed-curve columns {@code a,b,c,d,e} of {@link OptimusCurve} (all five or
 * none), and per GPU type an optional {@code speed_<type>} column, the model's speed factor on that
 * type in (0, 1] (blank: 1). A row whose curve cells are blank takes its speeds from a speed table.
 * Blank lines are skipped. Every problem is an {@link InputException} naming the file, the line
 * (the header is line 1) and the field.
 */
public final class ModelFileReader {
  public static final List<String> REQUIRED =
      List.of("model", "epoch_size", "worker_cores", "worker_gpus", "ps_cores");
  public static final List<String> CURVE = List.of("a", "b", "c", "d", "e");
  private static final String PS_GPUS = "ps_gpus";

  /**
   * {@code speed_<GPU type>}: the model's speed factor on that type
   * (docs/heterogeneous-clusters.md).
   */
  public static final String SPEED_PREFIX = "speed_";

  private static final String EXPECTED =
      String.join(",", REQUIRED)
          + "[,"
          + PS_GPUS
          + "][,"
          + String.join(",", CURVE)
          + "][,"
          + SPEED_PREFIX
          + "<gpu type>...]";
  private static final int MAX_TASK_UNITS = 1_000_000;

  /**
   * Input limits that keep every speed and every slot's progress a finite double, as for trace
   * epochs.
   */
  private static final double MIN_EPOCH_SIZE = 1e-6;

  private static final double MAX_EPOCH_SIZE = 1e12;
  private static final double MIN_COEFFICIENT = 1e-12;
  private static final double MAX_COEFFICIENT = 1e6;
  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setTrim(true).setIgnoreEmptyLines(false).get();

  private final String file;
  private Map<String, Integer> columns;
  private ModelCatalogue catalogue = ModelCatalogue.BUILT_IN;
  private final Map<JobType, OptimusCurve> curves = new LinkedHashMap<>();
  private final Map<JobType, Long> lines = new HashMap<>();

  private ModelFileReader(String file) {
    this.file = file;
  }

  /** The models declared in {@code path} (UTF-8). */
  public static DeclaredModels read(Path path) {
    String text = new String(OutputPaths.readInput(path), StandardCharsets.UTF_8);
    return read(text, path.toString());
  }

  /** The models declared in {@code text}; {@code file} names it in error messages. */
  public static DeclaredModels read(String text, String file) {
    ModelFileReader reader = new ModelFileReader(file);
    try (CSVParser parser =
        CSVParser.parse(
            new StringReader(text.startsWith("\uFEFF") ? text.substring(1) : text), FORMAT)) {
      reader.parse(parser);
    } catch (IOException | UncheckedIOException e) {
      // commons-csv reports malformed CSV (e.g. an unclosed quote) while iterating.
      throw InputException.inFile(file, "malformed CSV");
    }
    return new DeclaredModels(file, reader.catalogue, reader.curves, reader.lines);
  }

  private void parse(CSVParser parser) {
    for (NumberedRows.Row row : NumberedRows.of(parser)) {
      if (columns == null) {
        columns = header(row.cells(), row.line());
      } else {
        model(row.cells(), row.line());
      }
    }
    if (columns == null) {
      throw InputException.inFile(file, "empty file; expected the header " + EXPECTED);
    }
    if (catalogue.declared().isEmpty()) {
      throw InputException.inFile(file, "no models after the header");
    }
  }

  private Map<String, Integer> header(CSVRecord row, long line) {
    Map<String, Integer> found = new LinkedHashMap<>();
    for (int i = 0; i < row.size(); i++) {
      String name = row.get(i);
      if (name.startsWith(SPEED_PREFIX)) {
        String gpu = name.substring(SPEED_PREFIX.length());
        if (GpuCatalogue.byName(gpu).isEmpty()) {
          throw InputException.at(
              file, line, name, "unknown GPU type '" + gpu + "'; known: " + GpuCatalogue.names());
        }
      } else if (!REQUIRED.contains(name) && !CURVE.contains(name) && !name.equals(PS_GPUS)) {
        throw InputException.at(file, line, name, "unknown header column; expected " + EXPECTED);
      }
      if (found.putIfAbsent(name, i) != null) {
        throw InputException.at(file, line, name, "duplicate header column");
      }
    }
    for (String name : REQUIRED) {
      if (!found.containsKey(name)) {
        throw InputException.at(file, line, name, "missing header column; expected " + EXPECTED);
      }
    }
    long curveColumns = CURVE.stream().filter(found::containsKey).count();
    if (curveColumns > 0 && curveColumns < CURVE.size()) {
      String missing = CURVE.stream().filter(c -> !found.containsKey(c)).findFirst().orElseThrow();
      throw InputException.at(
          file, line, missing, "missing header column; the speed curve needs all of a,b,c,d,e");
    }
    return found;
  }

  private void model(CSVRecord row, long line) {
    if (row.size() != columns.size()) {
      throw InputException.at(
          file,
          line,
          row.size() < columns.size() ? nameOf(row.size()) : "cell " + (columns.size() + 1),
          "expected " + columns.size() + " cells, found " + row.size());
    }
    String name = ModelCatalogue.canonical(cell(row, "model"));
    if (!ModelCatalogue.validName(name)) {
      throw InputException.at(
          file,
          line,
          "model",
          "not a valid model name: '"
              + cell(row, "model")
              + "'; use letters, digits and . _ + - (starting with a letter or digit)");
    }
    if (catalogue.byModelName(name).isPresent()) {
      throw InputException.at(
          file,
          line,
          "model",
          lines.keySet().stream()
              .filter(t -> t.modelName().equals(name))
              .findFirst()
              .map(
                  t ->
                      "model '" + name + "' is declared twice (first on line " + lines.get(t) + ")")
              .orElse("model '" + name + "' is built in; choose another name"));
    }
    if (catalogue.declared().size() == ModelCatalogue.MAX_DECLARED) {
      throw InputException.at(
          file,
          line,
          "model",
          "at most " + ModelCatalogue.MAX_DECLARED + " models can be declared");
    }
    double epochSize = number(row, "epoch_size", line);
    if (!(epochSize >= MIN_EPOCH_SIZE && epochSize <= MAX_EPOCH_SIZE)) {
      throw InputException.at(
          file, line, "epoch_size", "must be in [1e-6, 1e12] samples: " + cell(row, "epoch_size"));
    }
    Resources worker =
        new Resources(count(row, "worker_cores", line), count(row, "worker_gpus", line));
    Resources ps =
        new Resources(
            count(row, "ps_cores", line),
            columns.containsKey(PS_GPUS) ? count(row, PS_GPUS, line) : 0);
    if (worker.cores() + worker.gpus() == 0 || ps.cores() + ps.gpus() == 0) {
      String field = worker.cores() + worker.gpus() == 0 ? "worker_cores" : "ps_cores";
      throw InputException.at(
          file, line, field, "a worker and a PS each need at least one core or GPU");
    }
    catalogue = catalogue.declare(name, epochSize, worker, ps, gpuFactors(row, line));
    JobType type = catalogue.byModelName(name).orElseThrow();
    lines.put(type, line);
    curve(row, line).ifPresent(curve -> curves.put(type, curve));
  }

  /**
   * The row's speed factor per GPU type named by a {@code speed_<type>} column; blank cells skip.
   */
  private Map<String, Double> gpuFactors(CSVRecord row, long line) {
    Map<String, Double> factors = new LinkedHashMap<>();
    for (String column : columns.keySet()) {
      if (!column.startsWith(SPEED_PREFIX) || cell(row, column).isEmpty()) {
        continue;
      }
      double factor = number(row, column, line);
      if (!(factor > 0 && factor <= 1)) {
        throw InputException.at(
            file,
            line,
            column,
            "a speed factor relative to the model's curve must be in (0, 1], got "
                + cell(row, column));
      }
      factors.put(column.substring(SPEED_PREFIX.length()), factor);
    }
    return factors;
  }

  /** The row's curve; empty when its curve cells are blank (or the file has none). */
  private Optional<OptimusCurve> curve(CSVRecord row, long line) {
    if (!columns.containsKey("a")) {
      return Optional.empty();
    }
    List<String> blank = CURVE.stream().filter(c -> cell(row, c).isEmpty()).toList();
    if (blank.size() == CURVE.size()) {
      return Optional.empty();
    }
    if (!blank.isEmpty()) {
      throw InputException.at(
          file, line, blank.get(0), "empty; give all of a,b,c,d,e or leave all five blank");
    }
    List<Double> k = new ArrayList<>();
    for (String c : CURVE) {
      double value = number(row, c, line);
      if (value != 0 && !(value >= MIN_COEFFICIENT && value <= MAX_COEFFICIENT)) {
        throw InputException.at(
            file, line, c, "must be 0 or in [1e-12, 1e6] seconds per sample, got " + cell(row, c));
      }
      k.add(value);
    }
    if (k.stream().allMatch(v -> v == 0)) {
      throw InputException.at(file, line, "a", "a,b,c,d,e are all 0, which is an infinite speed");
    }
    return Optional.of(new OptimusCurve(k.get(0), k.get(1), k.get(2), k.get(3), k.get(4)));
  }

  private String cell(CSVRecord row, String column) {
    return row.get(columns.get(column));
  }

  private String nameOf(int index) {
    return columns.entrySet().stream()
        .filter(e -> e.getValue() == index)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse("?");
  }

  private double number(CSVRecord row, String column, long line) {
    return DecimalCell.parse(file, line, column, cell(row, column));
  }

  private int count(CSVRecord row, String column, long line) {
    String value = cell(row, column);
    int parsed;
    try {
      parsed = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw InputException.at(file, line, column, "not an integer: '" + value + "'");
    }
    if (parsed < 0 || parsed > MAX_TASK_UNITS) {
      throw InputException.at(
          file, line, column, "must be in 0.." + MAX_TASK_UNITS + ", got " + value);
    }
    return parsed;
  }
}
