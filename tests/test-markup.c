/* test-markup.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* Text from outside is never markup (issue 21): a folder, a title, a
 * search snippet, a notice, a tool's input, a message, an error in a toast
 * or a status page, each holding `&`, `<b>x</b>`, a link and a lone `<`,
 * shows exactly as written, and makes no link. Labels are read after
 * layout (the text Pango lays out). The start page, sidebar and search
 * read a session file the way the CLI writes it (its `cwd` field, a
 * `custom-title` line). Runs on Xvfb (tests/run-headless.sh). */

#include "config.h"

#include <stdlib.h>

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "cairn-application.h"
#include "window/cairn-missing-cli-page.h"
#include "widgets/cairn-plain-text.h"
#include "rows/cairn-transcript-row.h"
#include "cairn-test-harness.h"
#include "cairn-test-ui.h"
#include "window/cairn-window.h"
#include "session/cairn-session.h"
#include "transcript/cairn-notice-item.h"
#include "transcript/cairn-text-item.h"
#include "transcript/cairn-tool-call-item.h"

#define HOSTILE "a & <b>x</b> <a href=\"https://evil\">y</a> <"
/* the same as a folder: its slashes make nested folders, so "//" would
 * be one slash in the real path the CLI records */
#define HOSTILE_DIR "a & <b>x</b> <a href=\"https:/evil\">y</a> <"
#define SESSION_ID "5f0c3a43-7b8e-4d0e-9d4a-2d3e6f1a9b21"

static gboolean
is_shown (GtkWidget *widget)
{
  return gtk_widget_get_visible (widget) && gtk_widget_get_child_visible (widget);
}

/* A label whose text, as laid out, is @text; and with that text, no link
 * (a link would have turned `<a href…>y</a>` into "y"). */
static GtkLabel *
find_label (GtkWidget  *root,
            const char *text,
            gboolean    whole)
{
  if (!is_shown (root))
    return NULL;
  if (GTK_IS_LABEL (root))
    {
      const char *laid_out = pango_layout_get_text (gtk_label_get_layout (GTK_LABEL (root)));
      if (whole ? g_strcmp0 (laid_out, text) == 0 : strstr (laid_out, text) != NULL)
        {
          g_assert_cmpstr (laid_out, ==, gtk_label_get_text (GTK_LABEL (root)));
          return GTK_LABEL (root);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text, whole);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
assert_shows (GtkWidget  *root,
              const char *text,
              gboolean    whole)
{
  if (find_label (root, text, whole) == NULL)
    g_error ("no label shows %s“%s”", whole ? "" : "a text holding ", text);
}

static void
drain (void)
{
  for (int i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

static GtkWindow *
window_with (GtkWidget *child)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_child (window, child);
  cairn_test_present (window);
  drain ();   /* laid out */
  return window;
}

static GtkWidget *
transcript_row (CairnItem *item)
{
  GtkWidget *row = g_object_new (CAIRN_TYPE_TRANSCRIPT_ROW, NULL);

  cairn_transcript_row_set_item (CAIRN_TRANSCRIPT_ROW (row), item);
  return row;
}

/* A notice (its title and body come from the CLI or from files). */
static void
test_notice (void)
{
  g_autoptr(CairnNoticeItem) item = cairn_notice_item_new (CAIRN_NOTICE_WARNING, HOSTILE, HOSTILE " body");
  GtkWindow *window = window_with (transcript_row (CAIRN_ITEM (item)));

  assert_shows (GTK_WIDGET (window), HOSTILE, TRUE);
  assert_shows (GTK_WIDGET (window), HOSTILE " body", TRUE);
  gtk_window_destroy (window);
}

/* A tool's input: a Bash command as the model wrote it. */
static void
test_tool_input (void)
{
  g_autoptr(CairnToolCallItem) item = cairn_tool_call_item_new ("toolu_1", "Bash", "/p");
  g_autoptr(JsonNode) node = json_from_string ("{\"command\": \"echo '" "a & <b>x</b> <a href=\\\"https://evil\\\">y</a> <" "'\"}", NULL);
  GtkWindow *window;

  cairn_tool_call_item_set_input (item, json_node_get_object (node));
  window = window_with (transcript_row (CAIRN_ITEM (item)));
  assert_shows (GTK_WIDGET (window), "echo '" HOSTILE "'", FALSE);
  gtk_window_destroy (window);
}

/* A message in the Markdown view: raw HTML is shown as the text it is. */
static void
test_message (void)
{
  g_autoptr(CairnTextItem) item = cairn_text_item_new (CAIRN_ITEM_KIND_ASSISTANT, HOSTILE);
  GtkWindow *window = window_with (transcript_row (CAIRN_ITEM (item)));

  assert_shows (GTK_WIDGET (window), HOSTILE, TRUE);
  gtk_window_destroy (window);
}

/* A toast's title and a status page's description are markup in
 * libadwaita 1.2: an error quoting a path, a missing CLI's path. */
static void
test_toast_and_status_page (void)
{
  GtkWidget *overlay = adw_toast_overlay_new ();
  CairnMissingCliPage *page = g_object_new (CAIRN_TYPE_MISSING_CLI_PAGE, NULL);
  GtkWindow *window;

  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), GTK_WIDGET (page));
  window = window_with (overlay);
  cairn_missing_cli_page_set_problem (page, "“/opt/" HOSTILE "” does not exist");
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), cairn_toast_new_plain (HOSTILE));
  drain ();
  assert_shows (GTK_WIDGET (window), "“/opt/" HOSTILE "” does not exist", TRUE);
  assert_shows (GTK_WIDGET (window), HOSTILE, TRUE);
  gtk_window_destroy (window);
}

/* Folders and session files as the CLI keeps them */

typedef struct
{
  char *config;     /* CLAUDE_CONFIG_DIR */
  char *root;
  char *project;    /* the hostile folder, real path */
} History;

static void
history_init (History *h)
{
  g_autofree char *root = g_dir_make_tmp ("cairn-markup-XXXXXX", NULL);
  g_autofree char *mangled = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *user = NULL;
  g_autofree char *title = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(JsonNode) node = NULL;

  h->root = realpath (root, NULL);
  h->config = g_build_filename (h->root, "config", NULL);
  h->project = g_build_filename (h->root, HOSTILE_DIR, NULL);
  g_assert_cmpint (g_mkdir_with_parents (h->project, 0700), ==, 0);
  mangled = g_strdup (h->project);
  for (char *p = mangled; *p; p++)
    if (!g_ascii_isalnum (*p))
      *p = '-';
  dir = g_build_filename (h->config, "projects", mangled, NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "user");
  json_builder_set_member_name (builder, "message");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "role");
  json_builder_add_string_value (builder, "user");
  json_builder_set_member_name (builder, "content");
  json_builder_add_string_value (builder, "find the NEEDLE in " HOSTILE " please");
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "uuid");
  json_builder_add_string_value (builder, "0c8f1e9a-4f39-4b7e-8a53-6a0e2c9d7f10");
  json_builder_set_member_name (builder, "parentUuid");
  json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "timestamp");
  json_builder_add_string_value (builder, "2026-11-24T00:18:22.213Z");
  json_builder_set_member_name (builder, "cwd");
  json_builder_add_string_value (builder, h->project);
  json_builder_set_member_name (builder, "sessionId");
  json_builder_add_string_value (builder, SESSION_ID);
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  user = json_to_string (node, FALSE);
  title = g_strdup_printf ("{\"type\":\"custom-title\",\"customTitle\":\"%s\",\"sessionId\":\"%s\"}",
                           "a & <b>x</b> <a href=\\\"https://evil\\\">y</a> <", SESSION_ID);
  contents = g_strdup_printf ("%s\n%s\n", user, title);
  file = g_build_filename (dir, SESSION_ID ".jsonl", NULL);
  g_assert_true (g_file_set_contents (file, contents, -1, NULL));
  g_setenv ("CLAUDE_CONFIG_DIR", h->config, TRUE);
  g_setenv ("CAIRN_CLAUDE", "/bin/true", TRUE);
}

static void
history_clear (History *h)
{
  cairn_test_remove_dir (h->root);
  g_unsetenv ("CLAUDE_CONFIG_DIR");
  g_unsetenv ("CAIRN_CLAUDE");
  g_clear_pointer (&h->config, g_free);
  g_clear_pointer (&h->project, free);
  g_clear_pointer (&h->root, free);
}

static gboolean
shows_cb (gpointer data)
{
  gpointer *args = data;

  return find_label (args[0], args[1], GPOINTER_TO_INT (args[2])) != NULL;
}

/* Runs the main loop until a label shows @text, for up to 10 s. */
static void
wait_shows (GtkWidget  *root,
            const char *text,
            gboolean    whole)
{
  gpointer args[] = { root, (gpointer)text, GINT_TO_POINTER (whole) };
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!shows_cb (args) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  assert_shows (root, text, whole);
}

static CairnApplication *
app (void)
{
  return cairn_test_shared_app ();
}

/* The start page lists the project by its folder's name, and its path. */
static void
test_start_page (void)
{
  History h = { 0 };
  g_autofree char *name = NULL;
  CairnWindow *window;

  history_init (&h);
  name = g_path_get_basename (h.project);
  window = cairn_application_new_window (app (), NULL);
  gtk_window_present (GTK_WINDOW (window));
  wait_shows (GTK_WIDGET (window), name, TRUE);
  wait_shows (GTK_WIDGET (window), h.project, FALSE);
  /* CAIRN_TEST_SHOT=x.png: a screenshot of the start page, to look at */
  if (g_getenv ("CAIRN_TEST_SHOT") != NULL)
    {
      const char *argv[] = { "import", "-window", "root", g_getenv ("CAIRN_TEST_SHOT"), NULL };
      drain ();
      g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                   NULL, NULL, NULL, NULL));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  drain ();
  history_clear (&h);
}

static void
type_search (GtkWidget  *window,
             const char *text)
{
  GtkWidget *entry = NULL;
  GtkWidget *stack[64] = { window };
  guint n = 1;

  while (n > 0 && entry == NULL)
    {
      GtkWidget *widget = stack[--n];
      if (GTK_IS_SEARCH_ENTRY (widget))
        entry = widget;
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL && n < 64; c = gtk_widget_get_next_sibling (c))
        stack[n++] = c;
    }
  g_assert_nonnull (entry);
  gtk_widget_activate_action (window, "win.search", NULL);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

/* In the folder's window: the header's path, the empty page's sentence,
 * the sidebar's title (a rename's custom-title line), and a search hit's
 * snippet. */
static void
test_folder_window (void)
{
  History h = { 0 };
  g_autoptr(GFile) folder = NULL;
  CairnWindow *window;

  history_init (&h);
  folder = g_file_new_for_path (h.project);
  window = cairn_application_new_window (app (), folder);
  gtk_window_present (GTK_WINDOW (window));
  wait_shows (GTK_WIDGET (window), HOSTILE, TRUE);                  /* sidebar title */
  wait_shows (GTK_WIDGET (window), h.project, TRUE);                /* header subtitle */
  wait_shows (GTK_WIDGET (window), h.project, FALSE);               /* empty page */
  type_search (GTK_WIDGET (window), "NEEDLE");
  wait_shows (GTK_WIDGET (window), "find the NEEDLE in " HOSTILE " please", FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
  drain ();
  history_clear (&h);
}

/* A stand-in org.freedesktop.Notifications server with "body-markup",
 * in this process, on the test's private bus: GLib hands it a
 * GNotification's body unchanged, and it would read markup in it. */
static const char notifications_xml[] =
  "<node><interface name='org.freedesktop.Notifications'>"
  "<method name='Notify'><arg type='s' direction='in'/><arg type='u' direction='in'/>"
  "<arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='s' direction='in'/>"
  "<arg type='as' direction='in'/><arg type='a{sv}' direction='in'/><arg type='i' direction='in'/>"
  "<arg type='u' direction='out'/></method>"
  "<method name='GetCapabilities'><arg type='as' direction='out'/></method>"
  "</interface></node>";

static gboolean asked;

static void
notifications_call_cb (GDBusConnection       *connection,
                       const char            *sender,
                       const char            *path,
                       const char            *interface,
                       const char            *method,
                       GVariant              *parameters,
                       GDBusMethodInvocation *invocation,
                       gpointer               user_data)
{
  static const char *capabilities[] = { "body", "body-markup", "actions", NULL };
  char **body = user_data;

  if (g_str_equal (method, "GetCapabilities"))
    {
      asked = TRUE;
      g_dbus_method_invocation_return_value (invocation,
                                             g_variant_new ("(^as)", capabilities));
      return;
    }
  g_variant_get_child (parameters, 4, "s", body);
  g_dbus_method_invocation_return_value (invocation, g_variant_new ("(u)", 1));
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *)data;
}

static gboolean
is_set (gpointer data)
{
  return *(char **)data != NULL;
}

/* A notification's body (a conversation's title): escaped for a server
 * that reads markup, so it shows as written there too. */
static void
test_notification_body (void)
{
  GDBusConnection *bus = g_application_get_dbus_connection (G_APPLICATION (app ()));
  g_autoptr(GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (notifications_xml, NULL);
  GDBusInterfaceVTable vtable = { notifications_call_cb, NULL, NULL, { 0 } };
  g_autoptr(GNotification) notification = g_notification_new ("Claude finished");
  g_autoptr(GVariant) owner = NULL;
  g_autofree char *body = NULL;
  g_autofree char *unescaped = NULL;
  guint object_id, name_id;

  g_assert_nonnull (bus);
  object_id = g_dbus_connection_register_object (bus, "/org/freedesktop/Notifications",
                                                 info->interfaces[0], &vtable, &body, NULL, NULL);
  name_id = g_bus_own_name_on_connection (bus, "org.freedesktop.Notifications",
                                          G_BUS_NAME_OWNER_FLAGS_NONE, NULL, NULL, NULL, NULL);
  while (owner == NULL)
    {
      owner = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                           "org.freedesktop.DBus", "GetNameOwner",
                                           g_variant_new ("(s)", "org.freedesktop.Notifications"),
                                           NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
      g_main_context_iteration (NULL, FALSE);
    }

  cairn_notifications_probe_markup (bus);
  g_assert_true (cairn_test_wait_until (is_true, &asked, 10000));
  for (int i = 0; i < 50; i++)   /* the answer's way back */
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  cairn_notification_set_plain_body (notification, HOSTILE);
  g_application_send_notification (G_APPLICATION (app ()), "markup", notification);
  g_assert_true (cairn_test_wait_until (is_set, &body, 10000));
  g_assert_true (pango_parse_markup (body, -1, 0, NULL, &unescaped, NULL, NULL));
  g_assert_cmpstr (unescaped, ==, HOSTILE);

  g_bus_unown_name (name_id);
  g_dbus_connection_unregister_object (bus, object_id);
}

static gboolean
is_working (gpointer window)
{
  CairnSession *session = cairn_window_get_session (window);

  return session != NULL && cairn_session_get_busy (session);
}

/* A dialog: closing a window whose conversation works names it by its
 * prompt; the prompt's own row shows it too. */
static void
test_close_dialog (void)
{
  g_autofree char *dir = cairn_test_make_dir ("markup");
  g_autofree char *cli = cairn_test_write_quiet_cli (dir);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  CairnWindow *window;
  GtkWidget *dialog;

  g_setenv ("CAIRN_CLAUDE", cli, TRUE);
  window = cairn_application_new_window (app (), folder);
  gtk_window_present (GTK_WINDOW (window));
  drain ();
  cairn_session_send_prompt (cairn_window_get_session (window), HOSTILE);
  g_assert_true (cairn_test_wait_until (is_working, window, 10000));
  wait_shows (GTK_WIDGET (window), HOSTILE, TRUE);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_true (cairn_test_wait_until (cairn_test_has_message_dialog, NULL, 10000));
  dialog = cairn_test_message_dialog ();
  wait_shows (dialog, "• " HOSTILE, TRUE);
  /* Stop and Close: the window goes (it crashed GTK 4.8 when closed from
   * within the dialog's response) */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  drain ();
  g_assert_null (window);
  g_unsetenv ("CAIRN_CLAUDE");
  cairn_test_remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add_func ("/cairn/markup/notice", test_notice);
  g_test_add_func ("/cairn/markup/tool-input", test_tool_input);
  g_test_add_func ("/cairn/markup/message", test_message);
  g_test_add_func ("/cairn/markup/toast-and-status-page", test_toast_and_status_page);
  g_test_add_func ("/cairn/markup/start-page", test_start_page);
  g_test_add_func ("/cairn/markup/folder-window", test_folder_window);
  g_test_add_func ("/cairn/markup/close-dialog", test_close_dialog);
  g_test_add_func ("/cairn/markup/notification-body", test_notification_body);
  return g_test_run ();
}
