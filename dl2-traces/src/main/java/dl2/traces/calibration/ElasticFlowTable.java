package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.workload.CsvText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;

/**
 * ElasticFlow's measured scaling curves, {@code throughputs_<GPU>/<model>.csv}: one row per global
 * batch size, one column per GPU count (1, 2, 4, …), iterations/s of the whole job; blank, nan or 0
 * = not measured.
 */
final class ElasticFlowTable {
  static final String DIRECTORY = "ElasticFlow/ElasticFlow/scheduler";
  private static final String PREFIX = "throughputs_";

  /** One row: {@code itersPerSecond[i]} on {@code gpus[i]} GPUs (NaN if not measured). */
  record Curve(String gpu, String model, int globalBatch, int[] gpus, double[] itersPerSecond) {
    /** Iterations/s on one GPU, NaN if not measured. */
    double oneGpu() {
      for (int i = 0; i < gpus.length; i++) {
        if (gpus[i] == 1) {
          return itersPerSecond[i];
        }
      }
      return Double.NaN;
    }
  }

  final List<Path> files = new ArrayList<>();
  final List<Curve> curves = new ArrayList<>();

  /**
   * Every {@code throughputs_*}{@code /*.csv} under {@code root}'s ElasticFlow folder, in name
   * order.
   */
  static ElasticFlowTable read(Path root) {
    Path directory = root.resolve(DIRECTORY);
    ElasticFlowTable table = new ElasticFlowTable();
    try (Stream<Path> gpus = Files.list(directory)) {
      for (Path gpuDir :
          gpus.filter(p -> p.getFileName().toString().startsWith(PREFIX) && Files.isDirectory(p))
              .sorted()
              .toList()) {
        try (Stream<Path> csvs = Files.list(gpuDir)) {
          for (Path csv :
              csvs.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted().toList()) {
            table.files.add(csv);
            table.readFile(csv, gpuDir.getFileName().toString().substring(PREFIX.length()));
          }
        }
      }
    } catch (IOException e) {
      throw InputException.inFile(directory.toString(), "cannot be listed: " + e.getMessage());
    }
    if (table.curves.isEmpty()) {
      throw InputException.inFile(
          directory.toString(), "holds no throughputs_<GPU>/<model>.csv scaling curves");
    }
    return table;
  }

  private void readFile(Path path, String gpu) {
    String file = path.toString();
    List<CSVRecord> records = CsvText.nonBlankRecords(file, CsvText.read(path), CSVFormat.DEFAULT);
    if (records.isEmpty() || !records.get(0).get(0).trim().equals("global_batch_size")) {
      throw InputException.at(
          file, 1, "global_batch_size", "expected a header global_batch_size,1,2,4,...");
    }
    CSVRecord header = records.get(0);
    int[] gpus = new int[header.size() - 1];
    for (int i = 0; i < gpus.length; i++) {
      gpus[i] = positiveInt(header.get(i + 1), file, 1, "header column " + (i + 2));
    }
    String model = path.getFileName().toString().replaceFirst("\\.csv$", "");
    for (CSVRecord record : records.subList(1, records.size())) {
      long line = record.getRecordNumber();
      int batch = positiveInt(record.get(0), file, line, "global_batch_size");
      double[] rates = new double[gpus.length];
      for (int i = 0; i < gpus.length; i++) {
        rates[i] =
            i + 1 < record.size()
                ? MeasurementFile.measured(record.get(i + 1), file, line, header.get(i + 1))
                : Double.NaN;
      }
      curves.add(new Curve(gpu, model, batch, gpus, rates));
    }
  }

  private static int positiveInt(String cell, String file, long line, String field) {
    try {
      int value = Integer.parseInt(cell.trim());
      if (value > 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw InputException.at(
        file, line, field, "expected a positive whole number, got '" + cell + "'");
  }
}
