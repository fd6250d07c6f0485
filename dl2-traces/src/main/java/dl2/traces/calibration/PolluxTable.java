package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.workload.CsvText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * Pollux's per-placement step times, {@code traces/<app>/placements.csv}: {@code placement} is a
 * digit string of GPUs per node (e.g. {@code 112} = three nodes with 1, 1 and 2 GPUs), {@code
 * step_time} the seconds per iteration and {@code sync_time} the part of it spent synchronising
 * gradients.
 */
final class PolluxTable {
  static final String DIRECTORY = "adaptdl/simulator/traces";
  private static final String FILE = "placements.csv";
  private static final List<String> COLUMNS =
      List.of("placement", "local_bsz", "step_time", "sync_time");

  record Row(
      String app, String placement, int localBatch, double stepSeconds, double syncSeconds) {}

  final List<Path> files = new ArrayList<>();
  final List<Row> rows = new ArrayList<>();

  /** Every {@code <app>/placements.csv} under {@code root}'s Pollux folder, in name order. */
  static PolluxTable read(Path root) {
    Path directory = root.resolve(DIRECTORY);
    PolluxTable table = new PolluxTable();
    try (Stream<Path> apps = Files.list(directory)) {
      for (Path app : apps.filter(p -> Files.isRegularFile(p.resolve(FILE))).sorted().toList()) {
        table.files.add(app.resolve(FILE));
        table.readFile(app.resolve(FILE), app.getFileName().toString());
      }
    } catch (IOException e) {
      throw InputException.inFile(directory.toString(), "cannot be listed: " + e.getMessage());
    }
    if (table.rows.isEmpty()) {
      throw InputException.inFile(directory.toString(), "holds no <app>/" + FILE + " step times");
    }
    return table;
  }

  private void readFile(Path path, String app) {
    String file = path.toString();
    List<CSVRecord> records = CsvText.nonBlankRecords(file, CsvText.read(path), CSVFormat.DEFAULT);
    if (records.isEmpty() || records.get(0).size() < COLUMNS.size()) {
      throw InputException.at(
          file, 1, "placement", "expected a header " + String.join(",", COLUMNS));
    }
    for (int i = 0; i < COLUMNS.size(); i++) {
      if (!records.get(0).get(i).trim().toLowerCase(Locale.ROOT).equals(COLUMNS.get(i))) {
        throw InputException.at(
            file, 1, COLUMNS.get(i), "expected the header " + String.join(",", COLUMNS));
      }
    }
    for (CSVRecord record : records.subList(1, records.size())) {
      long line = record.getRecordNumber();
      if (record.size() < COLUMNS.size()) {
        throw InputException.at(file, line, COLUMNS.get(record.size()), "missing");
      }
      String placement = record.get(0).trim();
      if (!placement.matches("[1-9]+")) {
        throw InputException.at(
            file,
            line,
            "placement",
            "expected digits 1-9 (GPUs per node), got '" + placement + "'");
      }
      double batch = MeasurementFile.measured(record.get(1), file, line, "local_bsz");
      double step = MeasurementFile.measured(record.get(2), file, line, "step_time");
      double sync = MeasurementFile.measured(record.get(3), file, line, "sync_time");
      if (batch == Math.rint(batch) && step > 0 && sync > 0) {
        rows.add(new Row(app, placement, (int) batch, step, sync));
      }
    }
  }
}
