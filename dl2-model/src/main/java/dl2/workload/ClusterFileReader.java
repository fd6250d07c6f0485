package dl2.workload;

import dl2.io.InputException;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.GpuType;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Resources;
import dl2.model.Task;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a cluster file ({@code --cluster}, docs/heterogeneous-clusters.md): a CSV with the header
 * {@code count,cores,gpus,gpu_type} and one node group per line, in node index order. Every group
 * has the same cores and GPUs per node, and every node must host one task bundle of every job type.
 * Each problem is an {@link InputException} naming the file, the line (the header is line 1) and
 * the field.
 */
public final class ClusterFileReader {
  public static final List<String> HEADER = List.of("count", "cores", "gpus", "gpu_type");

  /** More nodes than any preset's limit would only exhaust memory. */
  private static final int MAX_NODES = 100_000;

  private static final CSVFormat FORMAT =
      CSVFormat.DEFAULT.builder().setTrim(true).setIgnoreEmptyLines(false).get();

  private ClusterFileReader() {}

  public static ClusterSpec read(Path path) {
    String file = path.toString();
    List<CSVRecord> records = new ArrayList<>();
    List<Long> lines = new ArrayList<>();
    try (CSVParser parser = FORMAT.parse(new StringReader(CsvText.read(path)))) {
      Iterator<CSVRecord> rows = parser.iterator();
      while (true) {
        long line = parser.getCurrentLineNumber() + 1; // a row starts after the previous one ends
        if (!rows.hasNext()) {
          break;
        }
        CSVRecord row = rows.next();
        if (!(row.size() == 1 && row.get(0).isEmpty())) {
          records.add(row);
          lines.add(line);
        }
      }
    } catch (IOException | UncheckedIOException e) {
      throw InputException.inFile(file, "is not valid CSV");
    }
    if (records.isEmpty() || !records.get(0).toList().equals(HEADER)) {
      throw InputException.at(file, 1, "header", "expected the header " + String.join(",", HEADER));
    }
    if (records.size() == 1) {
      throw InputException.inFile(file, "has no node group (one line per group after the header)");
    }
    List<NodeGroup> groups = new ArrayList<>();
    int nodes = 0;
    for (int r = 1; r < records.size(); r++) {
      CSVRecord record = records.get(r);
      long line = lines.get(r);
      if (record.size() != HEADER.size()) {
        throw InputException.at(
            file,
            line,
            HEADER.get(Math.min(record.size(), HEADER.size() - 1)),
            "expected " + HEADER.size() + " fields, got " + record.size());
      }
      NodeGroup group = group(file, line, record, groups.isEmpty() ? null : groups.get(0));
      nodes += group.count();
      if (nodes > MAX_NODES) {
        throw InputException.at(file, line, "count", "more than " + MAX_NODES + " nodes in all");
      }
      groups.add(group);
    }
    return new ClusterSpec(groups);
  }

  private static NodeGroup group(String file, long line, CSVRecord record, NodeGroup first) {
    int count = positive(file, line, "count", record.get(0), "a group needs at least 1 node");
    int cores = positive(file, line, "cores", record.get(1), "a node needs at least 1 core");
    int gpus = positive(file, line, "gpus", record.get(2), "a node needs at least 1 GPU");
    String name = record.get(3);
    GpuType type =
        GpuCatalogue.byName(name)
            .orElseThrow(
                () ->
                    InputException.at(
                        file,
                        line,
                        "gpu_type",
                        "unknown GPU type '" + name + "'; known: " + GpuCatalogue.names()));
    if (first != null && cores != first.coresPerNode()) {
      throw InputException.at(
          file,
          line,
          "cores",
          "every group needs the cores of the first (" + first.coresPerNode() + ")");
    }
    if (first != null && gpus != first.gpusPerNode()) {
      throw InputException.at(
          file,
          line,
          "gpus",
          "every group needs the GPUs of the first (" + first.gpusPerNode() + ")");
    }
    for (JobType job : JobType.values()) {
      Resources bundle = job.demand(Task.BUNDLE);
      if (bundle.cores() > cores) {
        throw InputException.at(
            file,
            line,
            "cores",
            cores
                + " cores cannot host one "
                + job.modelName()
                + " bundle ("
                + bundle.cores()
                + " cores), so no such job could use these nodes");
      }
      if (bundle.gpus() > gpus) {
        throw InputException.at(
            file,
            line,
            "gpus",
            gpus
                + " GPUs cannot host one "
                + job.modelName()
                + " bundle ("
                + bundle.gpus()
                + " GPUs), so no such job could use these nodes");
      }
    }
    return new NodeGroup(count, cores, gpus, type);
  }

  private static int positive(String file, long line, String field, String value, String zero) {
    int number;
    try {
      number = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw InputException.at(file, line, field, "not an integer: '" + value + "'");
    }
    if (number < 1) {
      throw InputException.at(file, line, field, zero + ", got " + number);
    }
    return number;
  }
}
