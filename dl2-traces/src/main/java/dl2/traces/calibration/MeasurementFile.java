package dl2.traces.calibration;

import dl2.io.InputException;
import dl2.simulation.world.WorldParameters;
import dl2.traces.data.PublicTraces;
import dl2.traces.data.TraceLocations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** An input file of the calibration: where it lies under the traces folder and its provenance. */
final class MeasurementFile {
  /** Where each folder's files come from: the catalogue that dl2 traces fetch downloads by. */
  private static final PublicTraces CATALOGUE = PublicTraces.shipped();

  private MeasurementFile() {}

  /** {@code relative} under {@code root}, which must exist. */
  static Path require(Path root, String relative) {
    Path path = root.resolve(relative);
    if (!Files.isRegularFile(path)) {
      throw InputException.inFile(
          path.toString(),
          "not found; --traces must be the public traces folder (with gavel/, "
              + "ElasticFlow/ and adaptdl/), as "
              + TraceLocations.FETCH
              + " installs it");
    }
    return path;
  }

  /**
   * The provenance record of {@code path}, a file of the repository whose files lie in {@code
   * folder}: its path under {@code root} with '/' separators, the repository at its commit, its
   * licence and its SHA-256.
   */
  static WorldParameters.Source source(Path root, Path path, String folder) {
    PublicTraces.Repository repository = CATALOGUE.repository(folder);
    String upstream = repository.provenance();
    String licence = repository.licence();
    String relative = root.relativize(path).toString().replace('\\', '/');
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path));
      return new WorldParameters.Source(
          relative, upstream, licence, HexFormat.of().formatHex(digest));
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
