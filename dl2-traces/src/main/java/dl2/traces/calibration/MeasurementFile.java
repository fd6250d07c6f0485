package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.simulation.world.WorldParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** An input file of the calibration: where it lies under the traces folder and its provenance. */
final class MeasurementFile {
  static final String GAVEL = "stanford-futuredata/gavel @ c4fa40097339e9608ab71fd64c8bdea96a5e4a4c (Gavel, OSDI'20)";
  static final String ELASTICFLOW = "pkusys/ElasticFlow @ 04a0109a6acdd7d89f4cb31b6a6a7a128bee6bb0 (ElasticFlow, ASPLOS'23)";
  static final String POLLUX = "petuum/adaptdl, branch osdi21-artifact @ c793c7089bd307462686339d29707925c461f9a9 (Pollux, OSDI'21)";

  private MeasurementFile() {}

  /** {@code relative} under {@code root}, which must exist. */
  static Path require(Path root, String relative) {
    Path path = root.resolve(relative);
    if (!Files.isRegularFile(path)) {
      throw InputException.inFile(path.toString(), "not found; --traces must be the public traces folder (with gavel/, "
          + "ElasticFlow/ and adaptdl/ as in ../shared/traces)");
    }
    return path;
  }

  /** The provenance record of {@code path}: its path under {@code root} with '/' separators, and its SHA-256. */
  static WorldParameters.Source source(Path root, Path path, String upstream, String licence) {
    String relative = root.relativize(path).toString().replace('\\', '/');
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path));
      return new WorldParameters.Source(relative, upstream, licence, HexFormat.of().formatHex(digest));
    } catch (IOException e) {
      throw InputException.inFile(path.toString(), "cannot be read: " + e.getMessage());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this Java has no SHA-256", e);
    }
  }

  /** A measured number; blank, "nan" and non-positive cells are "not measured" (NaN). */
  static double measured(String cell, String file, long line, String field) {
    String text = cell.trim();
    if (text.isEmpty() || text.equalsIgnoreCase("nan")) {
      return Double.NaN;
    }
    try {
      double value = Double.parseDouble(text);
      return value > 0 && Double.isFinite(value) ? value : Double.NaN;
    } catch (NumberFormatException e) {
      throw InputException.at(file, line, field, "not a number: '" + cell + "'");
    }
  }
}
