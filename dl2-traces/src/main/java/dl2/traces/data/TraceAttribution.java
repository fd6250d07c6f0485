package dl2.traces.data;

import dl2.io.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * What ships with the fetched traces besides the upstream licence files: {@code README.md}
 * (provenance, licences and the CC-BY-4.0 attribution the Philly-derived files ask for) and {@code
 * SHA256SUMS} (in {@code sha256sum -c} format).
 */
final class TraceAttribution {
  static final String README = "README.md";
  static final String SUMS = "SHA256SUMS";

  private TraceAttribution() {}

  static void write(Path dir, PublicTraces catalogue) throws IOException {
    AtomicFiles.writeString(dir.resolve(README), readme(catalogue));
    StringBuilder sums = new StringBuilder();
    catalogue
        .files()
        .forEach(f -> sums.append(f.sha256()).append("  ").append(f.local()).append('\n'));
    AtomicFiles.writeString(dir.resolve(SUMS), sums.toString());
  }

  static String readme(PublicTraces catalogue) {
    StringBuilder rows = new StringBuilder();
    for (PublicTraces.Repository repository : catalogue.repositories()) {
      rows.append("| `")
          .append(repository.folder())
          .append("/` | ")
          .append(repository.provenance())
          .append(" | ")
          .append(repository.licence())
          .append(" (`")
          .append(repository.folder())
          .append('/')
          .append(repository.licenceFile())
          .append("`) |\n");
    }
    return template().replace("{{REPOSITORIES}}\n", rows.toString());
  }

  private static String template() {
    try (InputStream in = TraceAttribution.class.getResourceAsStream("attribution.md")) {
      if (in == null) {
        throw new IllegalStateException("the resource attribution.md is missing from dl2-traces");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
