/** The dl2 command line. */
package dl2.cli;
