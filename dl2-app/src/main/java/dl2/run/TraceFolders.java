package dl2.run;

import dl2.io.InputException;
import dl2.model.Trace;
import dl2.workload.NativeTraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Native trace files read from a folder (e.g. the windows {@code convert --split … --out-dir}
 * wrote).
 */
public final class TraceFolders {
  private TraceFolders() {}

  /**
   * Every {@code *.csv} of {@code dir} as a trace with {@code slotSeconds} slots, in natural name
   * order (window 2 before window 10); none if {@code dir} is null.
   */
  public static List<Trace> read(Path dir, String flag, int slotSeconds) {
    if (dir == null) {
      return List.of();
    }
    if (!Files.isDirectory(dir)) {
      throw new InputException(flag + ": " + dir + " is not a folder of trace files");
    }
    return files(dir, flag).stream().map(f -> NativeTraceReader.read(f, slotSeconds)).toList();
  }

  /**
   * Every {@code *.csv} of the folder {@code dir}, in natural name order; an error if there is
   * none.
   */
  public static List<Path> files(Path dir, String flag) {
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files =
          listing.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted(NATURAL).toList();
    } catch (IOException e) {
      throw new InputException(flag + ": cannot list " + dir + ": " + e.getMessage());
    }
    if (files.isEmpty()) {
      throw new InputException(flag + ": " + dir + " holds no .csv trace file");
    }
    return files;
  }

  /** {@code paths} with every folder replaced by its {@code *.csv} files (see {@link #files}). */
  public static List<Path> expand(List<Path> paths, String flag) {
    List<Path> out = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        out.addAll(files(path, flag));
      } else {
        out.add(path);
      }
    }
    return out;
  }

  /** Names compared with their digit runs as numbers: w-2 before w-10. */
  private static final Comparator<Path> NATURAL =
      (a, b) -> {
        String x = a.getFileName().toString();
        String y = b.getFileName().toString();
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
          if (Character.isDigit(x.charAt(i)) && Character.isDigit(y.charAt(j))) {
            int ei = i;
            int ej = j;
            while (ei < x.length() && Character.isDigit(x.charAt(ei))) {
              ei++;
            }
            while (ej < y.length() && Character.isDigit(y.charAt(ej))) {
              ej++;
            }
            int c =
                new java.math.BigInteger(x.substring(i, ei))
                    .compareTo(new java.math.BigInteger(y.substring(j, ej)));
            if (c != 0) {
              return c;
            }
            i = ei;
            j = ej;
          } else {
            if (x.charAt(i) != y.charAt(j)) {
              return Character.compare(x.charAt(i), y.charAt(j));
            }
            i++;
            j++;
          }
        }
        return Integer.compare(x.length() - i, y.length() - j);
      };
}
