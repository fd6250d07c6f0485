package dl2.console;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * A command's stderr that holds its warning lines ({@code dl2: warning: ...}) back until the
 * command goes on: they are written before its first other output (a progress line, a result on
 * stdout) or when it ends, and dropped when it fails on an input error, so that a failing command
 * prints its error line alone. From the first other output on, everything passes straight through.
 */
public final class HeldWarnings {
  private static final String WARNING = "dl2: warning: ";

  private final PrintWriter err;
  private final List<String> held = new ArrayList<>();
  private final StringBuilder line = new StringBuilder();
  private boolean passing;

  public HeldWarnings(PrintWriter err) {
    this.err = err;
  }

  /** The stderr to give the command. */
  public PrintWriter err() {
    return new PrintWriter(
        new Writer() {
          @Override
          public void write(char[] chars, int offset, int length) {
            take(chars, offset, length);
          }

          @Override
          public void flush() {
            err.flush();
          }

          @Override
          public void close() {
            err.flush();
          }
        },
        true);
  }

  /** {@code out}, which lets the held warnings out before its first character. */
  public PrintWriter out(PrintWriter out) {
    return new PrintWriter(
        new Writer() {
          @Override
          public void write(char[] chars, int offset, int length) {
            release();
            out.write(chars, offset, length);
          }

          @Override
          public void flush() {
            out.flush();
          }

          @Override
          public void close() {
            out.flush();
          }
        },
        true);
  }

  private synchronized void take(char[] chars, int offset, int length) {
    if (passing) {
      err.write(chars, offset, length);
      return;
    }
    for (int i = offset; i < offset + length; i++) {
      char c = chars[i];
      if (passing) {
        err.write(c);
        continue;
      }
      line.append(c);
      if (c == '\n' && startsAsWarning()) {
        held.add(line.toString());
        line.setLength(0);
      } else if (!startsAsWarning()) {
        release();
      }
    }
  }

  /** Whether the line so far is, or could still become, a warning. */
  private boolean startsAsWarning() {
    int n = Math.min(line.length(), WARNING.length());
    return line.substring(0, n).equals(WARNING.substring(0, n));
  }

  /** Writes the held warnings, and the line under way, and lets everything through from now on. */
  public synchronized void release() {
    if (passing) {
      return;
    }
    passing = true;
    held.forEach(err::write);
    held.clear();
    err.write(line.toString());
    line.setLength(0);
    err.flush();
  }

  /** Forgets the held warnings (the command failed on an input error, which is printed alone). */
  public synchronized void drop() {
    held.clear();
  }
}
