package dl2.speed;

import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The non-blank rows of a CSV, each with the line it starts on (the header is line 1), read as they
 * are asked for: a reader reports a bad row before malformed CSV further down.
 */
final class NumberedRows implements Iterator<NumberedRows.Row> {
  /** A row and its first line. */
  record Row(CSVRecord cells, long line) {}

  private final CSVParser parser;
  private final Iterator<CSVRecord> rows;
  private Row next;

  private NumberedRows(CSVParser parser) {
    this.parser = parser;
    this.rows = parser.iterator();
  }

  static Iterable<Row> of(CSVParser parser) {
    return () -> new NumberedRows(parser);
  }

  @Override
  public boolean hasNext() {
    while (next == null) {
      // A row starts on the line after the previous row's end.
      long line = parser.getCurrentLineNumber() + 1;
      if (!rows.hasNext()) {
        return false;
      }
      CSVRecord row = rows.next();
      if (!(row.size() == 1 && row.get(0).isEmpty())) {
        next = new Row(row, line);
      }
    }
    return true;
  }

  @Override
  public Row next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Row row = next;
    next = null;
    return row;
  }
}
