package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.run.DocBlocks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link of the documentation leads somewhere: its file exists, and its {@code
 * #anchor} is a heading of that file (as GitHub names headings) or an {@code <a id>} in it. Links
 * inside code are not links; web addresses are not checked.
 */
class DocLinksTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern LINK =
      Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
  private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.+?)\\s*#*\\s*$");
  private static final Pattern ANCHOR = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");
  private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");

  @Test
  void everyRelativeLinkAndAnchorResolves() {
    List<Path> documents =
        new ArrayList<>(DocBlocks.documents(ROOT).stream().map(ROOT::resolve).toList());
    documents.add(ROOT.resolve("CONTRIBUTING.md"));
    documents.add(ROOT.resolve("examples/README.md"));
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path document : documents) {
      links += links(document).size();
      broken.addAll(brokenLinks(ROOT, document));
    }
    assertThat(links).as("relative links checked").isGreaterThan(100);
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void aMissingFileOrHeadingIsReported(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("docs/results"));
    Files.writeString(
        dir.resolve("docs/results/presets.md"),
        """
        # The presets

        ## On the validation traces (`--trace-set validation`)

        <a id="kept"></a>
        """);
    Files.writeString(
        dir.resolve("README.md"),
        """
        # Title

        [fine](docs/results/presets.md#on-the-validation-traces---trace-set-validation),
        [kept](docs/results/presets.md#kept), [here](#title), [web](https://example.org/x#y),
        [gone](docs/results.md), [moved](docs/results/presets.md#the-realistic-world), [self](#nothing)
        `[in code](docs/none.md)`

        ```text
        [in a block](docs/none.md)
        ```
        """);
    assertThat(brokenLinks(dir, dir.resolve("README.md")))
        .containsExactly(
            "README.md:5: docs/results.md",
            "README.md:5: docs/results/presets.md#the-realistic-world",
            "README.md:5: #nothing");
  }

  @Test
  void headingsAreNamedAsGitHubNamesThem() {
    assertThat(slug("How much is left: lower bounds and headroom"))
        .isEqualTo("how-much-is-left-lower-bounds-and-headroom");
    assertThat(slug("DL2 deciding where (`--encoding placed`)"))
        .isEqualTo("dl2-deciding-where---encoding-placed");
    assertThat(slug("Philly's held-out windows")).isEqualTo("phillys-held-out-windows");
    assertThat(slug("What this project changed in DL2's training"))
        .isEqualTo("what-this-project-changed-in-dl2s-training");
  }

  /**
   * The links of {@code document} that lead nowhere, as {@code FILE:LINE: TARGET} with FILE
   * relative to {@code root}.
   */
  private static List<String> brokenLinks(Path root, Path document) {
    List<String> broken = new ArrayList<>();
    for (Link link : links(document)) {
      String[] parts = link.target().split("#", 2);
      Path target =
          parts[0].isEmpty() ? document : document.getParent().resolve(parts[0]).normalize();
      boolean resolves =
          Files.exists(target)
              && (parts.length == 1
                  || target.toString().endsWith(".md") && anchors(target).contains(parts[1]));
      if (!resolves) {
        broken.add(root.relativize(document) + ":" + link.line() + ": " + link.target());
      }
    }
    return broken;
  }

  private record Link(int line, String target) {}

  /** The relative links of {@code document}, outside code. */
  private static List<Link> links(Path document) {
    List<Link> links = new ArrayList<>();
    List<String> lines = prose(document);
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = LINK.matcher(INLINE_CODE.matcher(lines.get(i)).replaceAll("code"));
      while (m.find()) {
        if (!m.group(1).matches("[a-z]+:.*")) {
          links.add(new Link(i + 1, m.group(1)));
        }
      }
    }
    return links;
  }

  /**
   * The anchors of a Markdown file: its headings' names, numbered where repeated, and its {@code <a
   * id>}s.
   */
  private static Set<String> anchors(Path document) {
    Set<String> anchors = new TreeSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String line : prose(document)) {
      Matcher heading = HEADING.matcher(line);
      if (heading.matches()) {
        String slug = slug(heading.group(1));
        int repeat = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(repeat == 0 ? slug : slug + "-" + repeat);
      }
      Matcher anchor = ANCHOR.matcher(line);
      while (anchor.find()) {
        anchors.add(anchor.group(1));
      }
    }
    return anchors;
  }

  /**
   * GitHub's name for a heading: its text in lower case, without punctuation, spaces as hyphens.
   */
  static String slug(String heading) {
    String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
    return text.replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
  }

  /** The lines of {@code document}, those of fenced code blocks blanked (line numbers stay). */
  private static List<String> prose(Path document) {
    List<String> lines = new ArrayList<>();
    boolean fenced = false;
    try {
      for (String line : Files.readAllLines(document, StandardCharsets.UTF_8)) {
        boolean fence = line.strip().startsWith("```");
        lines.add(fenced || fence ? "" : line);
        fenced ^= fence;
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + document, e);
    }
    return lines;
  }
}
