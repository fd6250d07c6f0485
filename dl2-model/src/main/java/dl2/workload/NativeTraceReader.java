package dl2.workload;

import dl2.io.DecimalCell;
import dl2.io.InputException;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.ModelCatalogue;
import dl2.model.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a trace file in the project's native CSV format (dl2-spec §4.7): header {@code
 * job_id,submit_time_s,model,epochs} in any order plus an optional {@code real_epochs} and an
 * optional {@code estimated_epochs} (a length estimate, read only by {@link #readEstimates});
 * arrival slot = ⌊submit_time_s / T⌋. Every problem is an {@link InputException} naming the file,
 * the 1-based line (the header is line 1) and the field. Blank lines are skipped.
 */
public final class NativeTraceReader {
  public static final String JOB_ID = "job_id";
  public static final String SUBMIT_TIME = "submit_time_s";
  public static final String MODEL = "model";
  public static final String EPOCHS = "epochs";
  public static final String REAL_EPOCHS = "real_epochs";
  public static final String ESTIMATED_EPOCHS = "estimated_epochs";
  public static final List<String> REQUIRED = List.of(JOB_ID, SUBMIT_TIME, MODEL, EPOCHS);
  private static final String EXPECTED_HEADER =
      String.join(",", REQUIRED) + "[," + REAL_EPOCHS + "][," + ESTIMATED_EPOCHS + "]";
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");

  private final String file;
  private final String text;
  private final int slotSeconds;
  private final int[] lineStarts;
  private final ModelCatalogue models;
  private final boolean estimates;

  private NativeTraceReader(
      String file, String text, int slotSeconds, ModelCatalogue models, boolean estimates) {
    this.file = file;
    this.estimates = estimates;
    this.models = models;
    this.text = text;
    this.slotSeconds = slotSeconds;
    this.lineStarts = lineStarts(text);
  }

  /**
   * The trace in {@code path} of the built-in models, named after the file without its extension.
   */
  public static Trace read(Path path, int slotSeconds) {
    return read(path, slotSeconds, ModelCatalogue.BUILT_IN);
  }

  /** The trace in {@code path}, whose jobs may name any model of {@code models}. */
  public static Trace read(Path path, int slotSeconds, ModelCatalogue models) {
    return read(path, slotSeconds, models, false);
  }

  /**
   * The trace in {@code path} with the file's own length estimates: each job's E is its {@code
   * estimated_epochs}, its E* its {@code real_epochs} if given, else its {@code epochs}; a missing
   * column or value is an InputException naming the file, line and field.
   */
  public static Trace readEstimates(Path path, int slotSeconds, ModelCatalogue models) {
    return read(path, slotSeconds, models, true);
  }

  private static Trace read(Path path, int slotSeconds, ModelCatalogue models, boolean estimates) {
    if (slotSeconds < 1) {
      throw new IllegalArgumentException("slot length must be at least 1 s: " + slotSeconds);
    }
    String file = path.toString();
    String text = CsvText.read(path);
    return new NativeTraceReader(file, text, slotSeconds, models, estimates).parse(traceName(path));
  }

  /** The file name without its last extension: {@code traces/week-1.csv} gives {@code week-1}. */
  static String traceName(Path path) {
    String name = path.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  private Trace parse(String name) {
    if (text.isBlank()) {
      throw InputException.inFile(file, "is empty; expected the header " + EXPECTED_HEADER);
    }
    List<CSVRecord> records = records();
    if (records.isEmpty()) {
      throw InputException.inFile(file, "is empty; expected the header " + EXPECTED_HEADER);
    }
    Map<String, Integer> columns = header(records.get(0));
    List<JobSpec> jobs = new ArrayList<>();
    Map<Integer, Long> idLines = new HashMap<>();
    for (CSVRecord record : records.subList(1, records.size())) {
      long line = lineOf(record);
      JobSpec job = job(record, line, columns);
      Long first = idLines.putIfAbsent(job.id(), line);
      if (first != null) {
        throw InputException.at(
            file, line, JOB_ID, "duplicate job id " + job.id() + " (first on line " + first + ")");
      }
      jobs.add(job);
    }
    if (jobs.isEmpty()) {
      throw InputException.inFile(file, "has a header but no data rows");
    }
    return new Trace(name, jobs);
  }

  private List<CSVRecord> records() {
    return CsvText.nonBlankRecords(file, text, CSVFormat.DEFAULT.builder().get());
  }

  private Map<String, Integer> header(CSVRecord record) {
    Map<String, Integer> columns = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();
    for (int i = 0; i < record.size(); i++) {
      String column = record.get(i).trim().toLowerCase(Locale.ROOT);
      if (!REQUIRED.contains(column)
          && !column.equals(REAL_EPOCHS)
          && !column.equals(ESTIMATED_EPOCHS)) {
        unknown.add(record.get(i).trim());
      } else if (columns.putIfAbsent(column, i) != null) {
        throw InputException.at(file, 1, column, "column appears twice in the header");
      }
    }
    if (!unknown.isEmpty()) {
      String names = "'" + String.join("', '", unknown) + "'";
      throw InputException.at(
          file,
          1,
          unknown.get(0),
          "unknown column"
              + (unknown.size() > 1 ? "s " : " ")
              + names
              + "; expected the header "
              + EXPECTED_HEADER);
    }
    for (String column : REQUIRED) {
      if (!columns.containsKey(column)) {
        throw InputException.at(
            file, 1, column, "missing column; expected the header " + EXPECTED_HEADER);
      }
    }
    if (estimates && !columns.containsKey(ESTIMATED_EPOCHS)) {
      throw InputException.at(
          file,
          1,
          ESTIMATED_EPOCHS,
          "missing column: --length-error trace reads each job's estimate from it");
    }
    return columns;
  }

  private JobSpec job(CSVRecord record, long line, Map<String, Integer> columns) {
    if (record.size() != columns.size()) {
      String field =
          record.size() < columns.size()
              ? columnAt(columns, record.size())
              : "(cell " + (columns.size() + 1) + ")";
      throw InputException.at(
          file,
          line,
          field,
          "the line has " + record.size() + " cells but the header has " + columns.size());
    }
    int id = jobId(record.get(columns.get(JOB_ID)), line);
    double submit = number(record.get(columns.get(SUBMIT_TIME)), line, SUBMIT_TIME);
    if (submit < 0) {
      throw InputException.at(
          file,
          line,
          SUBMIT_TIME,
          "negative submit time " + record.get(columns.get(SUBMIT_TIME)).trim());
    }
    double slot = Math.floor(submit / slotSeconds);
    if (slot > Integer.MAX_VALUE) {
      throw InputException.at(file, line, SUBMIT_TIME, "submit time too large: " + submit);
    }
    String modelName = record.get(columns.get(MODEL));
    JobType type =
        models
            .byModelName(modelName)
            .orElseThrow(
                () ->
                    InputException.at(
                        file,
                        line,
                        MODEL,
                        "unknown model '"
                            + modelName.trim()
                            + "'; valid models: "
                            + models.modelNames()
                            + (models.declared().isEmpty()
                                ? " (declare others with --models)"
                                : "")));
    double epochs = epochs(record.get(columns.get(EPOCHS)), line, EPOCHS);
    double realEpochs = epochs;
    Integer realColumn = columns.get(REAL_EPOCHS);
    if (realColumn != null && !record.get(realColumn).isBlank()) {
      realEpochs = epochs(record.get(realColumn), line, REAL_EPOCHS);
    }
    if (estimates) {
      String estimate = record.get(columns.get(ESTIMATED_EPOCHS));
      if (estimate.isBlank()) {
        throw InputException.at(
            file, line, ESTIMATED_EPOCHS, "missing estimate (--length-error trace needs one)");
      }
      return new JobSpec(
          id, type, (int) slot, epochs(estimate, line, ESTIMATED_EPOCHS), realEpochs);
    }
    return new JobSpec(id, type, (int) slot, epochs, realEpochs);
  }

  private int jobId(String cell, long line) {
    String value = cell.trim();
    if (!INTEGER.matcher(value).matches()) {
      throw InputException.at(file, line, JOB_ID, "not an integer: '" + value + "'");
    }
    long id;
    try {
      id = Long.parseLong(value);
    } catch (NumberFormatException e) {
      id = -1;
    }
    if (id < 0 || id > Integer.MAX_VALUE) {
      throw InputException.at(
          file, line, JOB_ID, "job id must be in 0.." + Integer.MAX_VALUE + ": " + value);
    }
    return (int) id;
  }

  private double epochs(String cell, long line, String field) {
    double value = number(cell, line, field);
    if (value <= 0) {
      throw InputException.at(file, line, field, "epochs must be positive: " + cell.trim());
    }
    if (value > JobSpec.MAX_EPOCHS) {
      throw InputException.at(
          file,
          line,
          field,
          "at most " + (long) JobSpec.MAX_EPOCHS + " epochs (the input limit): " + cell.trim());
    }
    return value;
  }

  private double number(String cell, long line, String field) {
    return DecimalCell.parse(file, line, field, cell);
  }

  private static String columnAt(Map<String, Integer> columns, int index) {
    return columns.entrySet().stream()
        .filter(e -> e.getValue() == index)
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse("?");
  }

  /**
   * The line a record starts on; commons-csv positions a record before any blank lines it skipped.
   */
  private long lineOf(CSVRecord record) {
    int position = (int) record.getCharacterPosition();
    while (position < text.length()
        && (text.charAt(position) == '\n' || text.charAt(position) == '\r')) {
      position++;
    }
    int index = Arrays.binarySearch(lineStarts, position);
    return (index >= 0 ? index : -index - 2) + 1;
  }

  private static int[] lineStarts(String text) {
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean crlf = c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n';
      if (c == '\n' || (c == '\r' && !crlf)) {
        starts.add(i + 1);
      }
    }
    return starts.stream().mapToInt(Integer::intValue).toArray();
  }
}
