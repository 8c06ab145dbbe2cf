/* test-connection.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gunixinputstream.h>
#include <glib-unix.h>
#include <unistd.h>

#include "protocol/cairn-cli-connection.h"
#include "cairn-test-harness.h"

typedef struct
{
  CairnCliConnection *connection;
  GOutputStream      *written;
  GPtrArray          *messages;
  gboolean            exited;
  GError             *error;
  JsonObject         *reply;
  gboolean            replied;
} Fixture;

static void
message_cb (CairnCliConnection *connection,
            CairnMessage       *message,
            Fixture            *f)
{
  g_ptr_array_add (f->messages, g_object_ref (message));
}

static void
exited_cb (CairnCliConnection *connection,
           gboolean            success,
           const char         *description,
           Fixture            *f)
{
  g_assert_false (f->exited);
  f->exited = TRUE;
}

static void
fixture_init (Fixture    *f,
              const char *stdout_text,
              gsize       length)
{
  g_autoptr(GInputStream) input = g_memory_input_stream_new_from_data (g_memdup2 (stdout_text, length),
                                                                        length, g_free);

  f->written = g_memory_output_stream_new_resizable ();
  f->messages = g_ptr_array_new_with_free_func (g_object_unref);
  f->connection = cairn_cli_connection_new_for_streams (input, f->written, NULL);
  g_signal_connect (f->connection, "message", G_CALLBACK (message_cb), f);
  g_signal_connect (f->connection, "exited", G_CALLBACK (exited_cb), f);
}

static void
fixture_clear (Fixture *f)
{
  /* Pending reads may keep the connection alive past this test; its late
   * signals must not reach the next test's fixture, which lives at the
   * same stack address. */
  if (f->connection != NULL)
    g_signal_handlers_disconnect_by_data (f->connection, f);
  g_clear_object (&f->connection);
  g_clear_object (&f->written);
  g_clear_pointer (&f->messages, g_ptr_array_unref);
  g_clear_error (&f->error);
  g_clear_pointer (&f->reply, json_object_unref);
}

static gboolean
has_exited (gpointer data)
{
  return ((Fixture *)data)->exited;
}

static gboolean
has_replied (gpointer data)
{
  return ((Fixture *)data)->replied;
}

static char *
written_text (Fixture *f)
{
  GMemoryOutputStream *out = G_MEMORY_OUTPUT_STREAM (f->written);

  return g_strndup (g_memory_output_stream_get_data (out), g_memory_output_stream_get_data_size (out));
}

static CairnMessageKind
kind_at (Fixture *f,
         guint    i)
{
  return cairn_message_get_kind (g_ptr_array_index (f->messages, i));
}

typedef struct
{
  int    fd;
  GBytes *text;
} Writer;

/* Writes the text in chunks of 1 to ~9,000 bytes, so that lines are cut
 * anywhere, several come in one read, and some fill the read buffer. */
static gpointer
write_in_chunks (gpointer data)
{
  Writer *writer = data;
  gsize size;
  const char *text = g_bytes_get_data (writer->text, &size);
  GRand *rand = g_rand_new_with_seed (13);

  for (gsize done = 0; done < size;)
    {
      /* drawn first: MIN() would draw twice */
      gsize drawn = g_rand_int_range (rand, 1, 9000);
      gsize chunk = MIN (size - done, drawn);
      gssize wrote = write (writer->fd, text + done, chunk);

      g_assert_cmpint (wrote, >, 0);
      done += wrote;
    }
  close (writer->fd);
  g_rand_free (rand);
  return NULL;
}

/* However the CLI's output is cut into reads, every line arrives once,
 * whole and in order: short and long ones (past the 64 KB read buffer),
 * and one with a NUL byte, which is a bad line, not a cut one. */
static void
test_lines_in_any_chunks (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GInputStream) input = NULL;
  g_autoptr(GThread) thread = NULL;
  Writer writer;
  int fds[2];
  Fixture f = { 0 };
  const guint n = 3000;

  for (guint i = 0; i < n; i++)
    {
      static const char with_nul[] = "{\"type\":\"system\",\0\"n\":1234}\n";

      if (i == 1234)
        g_string_append_len (text, with_nul, sizeof with_nul - 1);
      else if (i % 500 == 7)
        g_string_append_printf (text, "{\"type\":\"system\",\"n\":%u,\"pad\":\"%*s\"}\n", i, 100000, "");
      else
        g_string_append_printf (text, "{\"type\":\"system\",\"n\":%u,\"pad\":\"%*s\"}\n", i, i % 13 * 37, "");
    }
  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, NULL));
  input = g_unix_input_stream_new (fds[0], TRUE);
  f.written = g_memory_output_stream_new_resizable ();
  f.messages = g_ptr_array_new_with_free_func (g_object_unref);
  f.connection = cairn_cli_connection_new_for_streams (input, f.written, NULL);
  g_signal_connect (f.connection, "message", G_CALLBACK (message_cb), &f);
  g_signal_connect (f.connection, "exited", G_CALLBACK (exited_cb), &f);
  writer.fd = fds[1];
  writer.text = g_string_free_to_bytes (g_steal_pointer (&text));
  thread = g_thread_new ("writer", write_in_chunks, &writer);
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_exited, &f, 20000));
  g_thread_join (g_steal_pointer (&thread));

  g_assert_cmpuint (f.messages->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *object = cairn_message_get_object (g_ptr_array_index (f.messages, i));

      if (i == 1234)
        g_assert_cmpint (kind_at (&f, i), ==, CAIRN_MESSAGE_INVALID);
      else
        g_assert_cmpint (json_object_get_int_member (object, "n"), ==, i);
    }
  g_bytes_unref (writer.text);
  fixture_clear (&f);
}

/* Bad lines don't stop the reading: each becomes a message, in order. */
static void
test_lines_in_order_with_bad_ones (void)
{
  const char text[] = "{\"type\":\"system\",\"subtype\":\"init\"}\n"
                      "not json at all\n"
                      "{\"type\":\"brand_new\"}\n"
                      "{\"type\":\"user\",\"bad\":\"\xc3\x28\"}\n"
                      "{\"type\":\"result\",\"is_error\":false}";
  Fixture f = { 0 };

  fixture_init (&f, text, sizeof text - 1);
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_exited, &f, 5000));

  g_assert_cmpuint (f.messages->len, ==, 5);
  g_assert_cmpint (kind_at (&f, 0), ==, CAIRN_MESSAGE_SYSTEM);
  g_assert_cmpint (kind_at (&f, 1), ==, CAIRN_MESSAGE_INVALID);
  g_assert_cmpint (kind_at (&f, 2), ==, CAIRN_MESSAGE_UNKNOWN);
  g_assert_cmpint (kind_at (&f, 3), ==, CAIRN_MESSAGE_INVALID);
  g_assert_cmpint (kind_at (&f, 4), ==, CAIRN_MESSAGE_RESULT);
  g_assert_false (cairn_cli_connection_get_running (f.connection));
  fixture_clear (&f);
}

/* Empty and blank lines say nothing and are skipped (an empty line once
 * crashed the protocol log's writer, which got no bytes); a line nested
 * 100,000 levels deep is refused unparsed (json-glib would recurse and
 * crash) and shown as unreadable; the lines after both still come. */
static void
test_empty_and_deep_lines (void)
{
  g_autofree char *deep = g_strnfill (100000, '[');
  g_autofree char *text = g_strdup_printf ("\n   \n{\"type\":\"system\",\"subtype\":\"init\"}\n\n"
                                           "{\"type\":\"user\",\"x\":%s\n"
                                           "{\"type\":\"result\",\"is_error\":false}\n", deep);
  Fixture f = { 0 };

  fixture_init (&f, text, strlen (text));
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_exited, &f, 5000));

  g_assert_cmpuint (f.messages->len, ==, 3);
  g_assert_cmpint (kind_at (&f, 0), ==, CAIRN_MESSAGE_SYSTEM);
  g_assert_cmpint (kind_at (&f, 1), ==, CAIRN_MESSAGE_INVALID);
  g_assert_nonnull (strstr (cairn_message_get_parse_error (g_ptr_array_index (f.messages, 1)), "deeper"));
  g_assert_cmpint (kind_at (&f, 2), ==, CAIRN_MESSAGE_RESULT);
  fixture_clear (&f);
}

/* A 20 MB line is parsed off the main thread and keeps its place; its
 * 20 MB string is kept by its start, its size as printed is known. */
static void
test_huge_line_keeps_order (void)
{
  g_autoptr(GString) text = g_string_new ("{\"type\":\"system\",\"subtype\":\"init\"}\n");
  Fixture f = { 0 };
  gsize huge_start;

  g_string_append (text, "{\"type\":\"user\",\"blob\":\"");
  huge_start = text->len;
  while (text->len - huge_start < 20 * 1024 * 1024)
    g_string_append (text, "0123456789abcdef0123456789abcdef");
  g_string_append (text, "\"}\n{\"type\":\"result\"}\n");

  fixture_init (&f, text->str, text->len);
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_exited, &f, 30000));

  g_assert_cmpuint (f.messages->len, ==, 3);
  g_assert_cmpint (kind_at (&f, 1), ==, CAIRN_MESSAGE_USER);
  g_assert_cmpuint (cairn_message_get_original_size (g_ptr_array_index (f.messages, 1)),
                    >, 20 * 1024 * 1024);
  g_assert_cmpuint (g_bytes_get_size (cairn_message_get_raw (g_ptr_array_index (f.messages, 1))),
                    <=, CAIRN_MESSAGE_STRING_KEPT + 64);
  g_assert_cmpint (kind_at (&f, 2), ==, CAIRN_MESSAGE_RESULT);
  fixture_clear (&f);
}

/* A CLI that prints one 100 MB line and exits at once: the line is parsed
 * in a thread for longer than the exit's drain wait, and must still come
 * before the exit (it was dropped). Peak memory is printed: about 3x. */
static void
test_huge_line_then_exit (void)
{
  const char *script = "import sys\n"
                       "sys.stdout.write('{\"type\":\"user\",\"blob\":\"' + 'x' * (100 * 1024 * 1024) + '\"}\\n')\n"
                       "sys.stdout.flush()\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                     G_SUBPROCESS_FLAGS_STDERR_PIPE, &error,
                                                     g_getenv ("PYTHON") ?: "python3", "-c", script, NULL);
  Fixture f = { 0 };

  g_assert_no_error (error);
  f.messages = g_ptr_array_new_with_free_func (g_object_unref);
  f.connection = cairn_cli_connection_new (process);
  g_signal_connect (f.connection, "message", G_CALLBACK (message_cb), &f);
  g_signal_connect (f.connection, "exited", G_CALLBACK (exited_cb), &f);
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_exited, &f, 60000));

  g_assert_cmpuint (f.messages->len, ==, 1);
  g_assert_cmpint (kind_at (&f, 0), ==, CAIRN_MESSAGE_USER);
  g_assert_cmpuint (cairn_message_get_original_size (g_ptr_array_index (f.messages, 0)),
                    >, 100 * 1024 * 1024);
  g_test_message ("peak RSS with a 100 MB line: %ld MB", cairn_test_peak_rss_kb () / 1024);
  fixture_clear (&f);
}

static void
control_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      data)
{
  Fixture *f = data;

  f->reply = cairn_cli_connection_send_control_finish (CAIRN_CLI_CONNECTION (object), result, &f->error);
  f->replied = TRUE;
}

static void
send_request (Fixture    *f,
              const char *subtype)
{
  g_autoptr(JsonObject) request = json_object_new ();

  json_object_set_string_member (request, "subtype", subtype);
  cairn_cli_connection_send_control_async (f->connection, request, NULL, control_cb, f);
}

/* The reply is matched by request_id and not passed on as a message. */
static void
test_control_request_paired (void)
{
  const char text[] = "{\"type\":\"control_response\",\"response\":{\"subtype\":\"success\","
                      "\"request_id\":\"cairn-1\",\"response\":{\"commands\":[{\"name\":\"x\"}]}}}\n";
  g_autofree char *sent = NULL;
  Fixture f = { 0 };

  fixture_init (&f, text, sizeof text - 1);
  send_request (&f, "initialize");
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_replied, &f, 5000));

  g_assert_no_error (f.error);
  g_assert_true (json_object_has_member (f.reply, "commands"));
  g_assert_cmpuint (f.messages->len, ==, 0);
  sent = written_text (&f);
  g_assert_cmpstr (sent, ==, "{\"type\":\"control_request\",\"request_id\":\"cairn-1\","
                             "\"request\":{\"subtype\":\"initialize\"}}\n");
  fixture_clear (&f);
}

static void
test_control_error_and_exit (void)
{
  const char text[] = "{\"type\":\"control_response\",\"response\":{\"subtype\":\"error\","
                      "\"request_id\":\"cairn-1\",\"error\":\"Unsupported control request\"}}\n";
  Fixture f = { 0 };

  fixture_init (&f, text, sizeof text - 1);
  send_request (&f, "no_such_subtype");
  send_request (&f, "interrupt");
  cairn_cli_connection_start (f.connection);
  g_assert_true (cairn_test_wait_until (has_replied, &f, 5000));
  g_assert_error (f.error, CAIRN_CLI_CONNECTION_ERROR, CAIRN_CLI_CONNECTION_ERROR_REFUSED);
  g_assert_cmpstr (f.error->message, ==, "Unsupported control request");

  /* the second request never gets an answer: the exit fails it */
  g_clear_error (&f.error);
  f.replied = FALSE;
  g_assert_true (cairn_test_wait_until (has_replied, &f, 5000));
  g_assert_error (f.error, CAIRN_CLI_CONNECTION_ERROR, CAIRN_CLI_CONNECTION_ERROR_CLOSED);
  g_assert_true (f.exited);
  fixture_clear (&f);
}

/* Everything written goes out as whole lines in the order it was queued. */
static void
test_writes_keep_order (void)
{
  g_autofree char *sent = NULL;
  g_auto(GStrv) lines = NULL;
  Fixture f = { 0 };
  g_autoptr(GInputStream) never_ends = NULL;
  int fds[2];

  /* stdout stays open (a pipe nobody writes to) while the writes go out */
  g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, NULL));
  never_ends = g_unix_input_stream_new (fds[0], TRUE);
  f.written = g_memory_output_stream_new_resizable ();
  f.messages = g_ptr_array_new_with_free_func (g_object_unref);
  f.connection = cairn_cli_connection_new_for_streams (never_ends, f.written, NULL);
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr(JsonObject) object = json_object_new ();
      json_object_set_int_member (object, "n", i);
      cairn_cli_connection_send_object (f.connection, object);
    }
  cairn_cli_connection_start (f.connection);
  cairn_test_run_for (100);

  sent = written_text (&f);
  lines = g_strsplit (sent, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 51);
  for (guint i = 0; i < 50; i++)
    {
      g_autofree char *expected = g_strdup_printf ("{\"n\":%u}", i);
      g_assert_cmpstr (lines[i], ==, expected);
    }
  g_assert_true (cairn_cli_connection_get_running (f.connection));
  close (fds[1]);
  fixture_clear (&f);
}

/* A real child that dies: the exit carries its status and stderr. */
static void
test_process_exit_reported (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(CairnCliConnection) connection = NULL;
  g_autofree char *tail = NULL;
  Fixture f = { 0 };

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_PIPE, &error, "sh", "-c",
                              "echo '{\"type\":\"system\"}'; echo 'it broke' >&2; exit 7", NULL);
  g_assert_no_error (error);
  f.messages = g_ptr_array_new_with_free_func (g_object_unref);
  connection = cairn_cli_connection_new (process);
  g_signal_connect (connection, "message", G_CALLBACK (message_cb), &f);
  g_signal_connect (connection, "exited", G_CALLBACK (exited_cb), &f);
  cairn_cli_connection_start (connection);
  g_assert_true (cairn_test_wait_until (has_exited, &f, 5000));

  g_assert_cmpuint (f.messages->len, ==, 1);
  tail = cairn_cli_connection_dup_stderr_tail (connection);
  g_assert_cmpstr (tail, ==, "it broke");
  g_ptr_array_unref (f.messages);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cairn/connection/lines-in-order-with-bad-ones", test_lines_in_order_with_bad_ones);
  g_test_add_func ("/cairn/connection/lines-in-any-chunks", test_lines_in_any_chunks);
  g_test_add_func ("/cairn/connection/huge-line-keeps-order", test_huge_line_keeps_order);
  g_test_add_func ("/cairn/connection/empty-and-deep-lines", test_empty_and_deep_lines);
  g_test_add_func ("/cairn/connection/huge-line-then-exit", test_huge_line_then_exit);
  g_test_add_func ("/cairn/connection/control-request-paired", test_control_request_paired);
  g_test_add_func ("/cairn/connection/control-error-and-exit", test_control_error_and_exit);
  g_test_add_func ("/cairn/connection/writes-keep-order", test_writes_keep_order);
  g_test_add_func ("/cairn/connection/process-exit-reported", test_process_exit_reported);

  return g_test_run ();
}
