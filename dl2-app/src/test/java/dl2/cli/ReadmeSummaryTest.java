package dl2.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.run.DocBlocks;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's summary table restates figures of generated blocks (those of docs/results/, or of
 * any other document): each row's numbers must appear in the output of the command the row names,
 * so the table cannot fall behind {@code scripts/regenerate-docs}.
 */
class ReadmeSummaryTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern ROW =
      Pattern.compile("^\\| `(--workload [^`]+)`[^|]*\\| `(dl2[^`]*)` \\|(.*)$");

  /** A row continuing the command above with another DL2 row, e.g. {@code dl2@fewest-nodes}. */
  private static final Pattern MORE = Pattern.compile("^\\| \\| `(dl2[^`]*)` \\|(.*)$");

  private static final Pattern NUMBER = Pattern.compile("\\d+\\.\\d{3}");
  private static final Pattern LOWER_ON = Pattern.compile("(\\d+) of (\\d+)");

  @Test
  void everySummaryRowIsTheOutputOfItsCommand() throws IOException {
    List<DocBlocks.Generated> blocks = new ArrayList<>();
    List<List<String>> documents = new ArrayList<>();
    for (Path name : DocBlocks.documents(ROOT)) {
      List<String> lines = Files.readAllLines(ROOT.resolve(name), StandardCharsets.UTF_8);
      for (DocBlocks.Generated block : DocBlocks.generated(name.toString(), lines)) {
        blocks.add(block);
        documents.add(lines.subList(block.start() + 1, block.end()));
      }
    }
    int rows = 0;
    String command = null;
    for (String line : Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8)) {
      Matcher row = ROW.matcher(line);
      Matcher more = MORE.matcher(line);
      if (row.matches()) {
        command = "./dl2 compare " + row.group(1);
      } else if (!more.matches()) {
        continue;
      }
      Matcher cells = row.matches() ? row : more;
      String scheduler = cells.group(cells.groupCount() - 1);
      String figures = cells.group(cells.groupCount());
      int index = -1;
      for (int i = 0; i < blocks.size(); i++) {
        if (blocks.get(i).command().text().equals(command)) {
          index = i;
        }
      }
      assertThat(index).as("a generated block for " + command).isNotNegative();
      List<String> output = documents.get(index);
      assertThat(output).as(command + " has been run").noneMatch(l -> l.contains("Placeholder"));
      String dl2Ratios =
          String.join(
              " ",
              output.stream()
                  .filter(
                      l ->
                          l.startsWith(scheduler + " ")
                              && l.substring(scheduler.length()).matches("\\s+\\d.*"))
                  .toList());
      Matcher number = NUMBER.matcher(figures);
      while (number.find()) {
        assertThat(dl2Ratios).as(command + ": " + number.group()).contains(number.group());
      }
      Matcher lowerOn = LOWER_ON.matcher(figures);
      assertThat(lowerOn.find()).as(command + ": traces DL2 is lower on").isTrue();
      String verdict = String.join(" ", output);
      String mine = verdict.substring(verdict.indexOf(scheduler + " vs "));
      mine = mine.substring(mine.indexOf("(best heuristic): "));
      mine = mine.substring(0, mine.indexOf(" traces") + " traces".length());
      assertThat(mine)
          .as(command + ": " + scheduler + "'s count is against the best heuristic")
          .contains(scheduler + " is ")
          .contains("lower JCT on " + lowerOn.group(1) + " of " + lowerOn.group(2) + " traces");
      rows++;
    }
    assertThat(rows).as("summary rows in the README").isGreaterThanOrEqualTo(5);
  }
}
