/* cairn-sidebar.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-sidebar"

#include "config.h"

#include <glib/gi18n.h>

#include "window/cairn-sidebar.h"
#include "widgets/cairn-working-indicator.h"
#include "search/cairn-search-hit.h"

/* The conversations of the project, newest first, under day headings.
 * Each item of the model has the properties "title", "modified" (unix
 * seconds), "git-branch" and "session-id"; the sidebar only reads them. */

struct _CairnSidebar
{
  GtkWidget   parent_instance;

  GtkWidget      *box;
  GtkSearchEntry *search_entry;
  GtkToggleButton *all_projects_button;
  GtkStack       *stack;
  GtkListBox     *list;
  GtkListBox     *results;
  GtkLabel       *progress_label;
  GMenuModel     *row_menu;

  GListModel  *model;
  CairnSearch *search;
  /* the open conversations' states, by session id */
  GHashTable  *states;
  /* the conversation shown, selected once its row is there */
  char        *selected_id;
  /* the row whose context menu is open */
  GtkListBoxRow *menu_row;
};

G_DEFINE_FINAL_TYPE (CairnSidebar, cairn_sidebar, GTK_TYPE_WIDGET)

enum {
  ACTIVATED,
  RENAME,
  DELETE,
  SEARCH_CHANGED,
  HIT_ACTIVATED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

static gboolean
same_day (GDateTime *a,
          GDateTime *b)
{
  return g_date_time_get_year (a) == g_date_time_get_year (b) &&
         g_date_time_get_day_of_year (a) == g_date_time_get_day_of_year (b);
}

/**
 * cairn_day_group:
 * @when: unix seconds
 *
 * Which heading a conversation last active at @when goes under.
 */
CairnDayGroup
cairn_day_group (GDateTime *now,
                 gint64     when)
{
  g_autoptr(GDateTime) then = g_date_time_new_from_unix_local (when);
  g_autoptr(GDateTime) yesterday = g_date_time_add_days (now, -1);
  g_autoptr(GDateTime) week_ago = g_date_time_add_days (now, -7);

  if (then == NULL || same_day (then, now) || g_date_time_compare (then, now) > 0)
    return CAIRN_DAY_GROUP_TODAY;
  if (same_day (then, yesterday))
    return CAIRN_DAY_GROUP_YESTERDAY;
  if (g_date_time_compare (then, week_ago) >= 0)
    return CAIRN_DAY_GROUP_PREVIOUS_7_DAYS;
  return CAIRN_DAY_GROUP_OLDER;
}

/**
 * cairn_relative_time:
 *
 * Returns: "Just now", "5 minutes ago", "Yesterday", "3 days ago" or a date.
 */
char *
cairn_relative_time (GDateTime *now,
                     gint64     when)
{
  gint64 seconds = g_date_time_to_unix (now) - when;
  g_autoptr(GDateTime) then = g_date_time_new_from_unix_local (when);
  int n;

  if (seconds < 60 || then == NULL)
    return g_strdup (_("Just now"));
  if (seconds < 3600)
    {
      n = seconds / 60;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d minute ago", "%d minutes ago", n), n);
    }
  switch (cairn_day_group (now, when))
    {
    case CAIRN_DAY_GROUP_TODAY:
      n = seconds / 3600;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hour ago", "%d hours ago", n), n);
    case CAIRN_DAY_GROUP_YESTERDAY:
      return g_strdup (_("Yesterday"));
    case CAIRN_DAY_GROUP_PREVIOUS_7_DAYS:
      n = MAX (2, seconds / 86400);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d day ago", "%d days ago", n), n);
    case CAIRN_DAY_GROUP_OLDER:
    default:
      /* Translators: a date as in "12 March 2026", see strftime */
      return g_date_time_format (then, _("%-d %B %Y"));
    }
}

static const char *
group_title (CairnDayGroup group)
{
  switch (group)
    {
    case CAIRN_DAY_GROUP_TODAY:
      return _("Today");
    case CAIRN_DAY_GROUP_YESTERDAY:
      return _("Yesterday");
    case CAIRN_DAY_GROUP_PREVIOUS_7_DAYS:
      return _("Previous 7 Days");
    case CAIRN_DAY_GROUP_OLDER:
    default:
      return _("Older");
    }
}

static gint64
row_modified (GtkListBoxRow *row)
{
  GObject *item = g_object_get_data (G_OBJECT (row), "item");
  gint64 modified = 0;

  g_object_get (item, "modified", &modified, NULL);
  return modified;
}

/* A heading above the first conversation of each day group. */
static void
update_header (GtkListBoxRow *row,
               GtkListBoxRow *before,
               gpointer       user_data)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  CairnDayGroup group = cairn_day_group (now, row_modified (row));
  GtkWidget *header;

  if (before != NULL && cairn_day_group (now, row_modified (before)) == group)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  header = gtk_label_new (group_title (group));
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_add_css_class (header, "sidebar-heading");
  gtk_list_box_row_set_header (row, header);
}

static char *
row_subtitle (GObject *item)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *branch = NULL;
  g_autofree char *when = NULL;
  gint64 modified = 0;

  g_object_get (item, "modified", &modified, "git-branch", &branch, NULL);
  when = cairn_relative_time (now, modified);
  if (branch == NULL || *branch == '\0' || g_str_equal (branch, "HEAD"))
    return g_steal_pointer (&when);
  /* Translators: when a conversation was active, and its git branch */
  return g_strdup_printf (_("%s · %s"), when, branch);
}

/* The mark at the end of an open conversation's row, and what it says
 * to a screen reader. */
static const struct {
  const char *icon;       /* NULL: the working dots */
  const char *css;
  const char *says;
} marks[] = {
  [CAIRN_CONVERSATION_WORKING] = { NULL, NULL, N_("Working") },
  [CAIRN_CONVERSATION_WAITING] = { "dialog-question-symbolic", "accent", N_("Waiting for you") },
  [CAIRN_CONVERSATION_UNSEEN] = { "media-record-symbolic", "accent", N_("Finished, not seen yet") },
  [CAIRN_CONVERSATION_FAILED] = { "dialog-error-symbolic", "error", N_("Failed") },
};

static GtkWidget *
mark_new (CairnConversationState state)
{
  GtkWidget *mark;

  if (state == CAIRN_CONVERSATION_QUIET || state >= G_N_ELEMENTS (marks))
    return NULL;
  if (marks[state].icon == NULL)
    {
      mark = cairn_working_indicator_new ();
      cairn_working_indicator_set_working (CAIRN_WORKING_INDICATOR (mark), TRUE);
    }
  else
    {
      mark = gtk_image_new_from_icon_name (marks[state].icon);
      gtk_widget_add_css_class (mark, marks[state].css);
    }
  gtk_widget_set_valign (mark, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (mark, "conversation-mark");
  return mark;
}

/* The row's subtitle for a screen reader, with its state first. */
static void
describe_row (GtkWidget              *row,
              CairnConversationState  state)
{
  const char *subtitle = g_object_get_data (G_OBJECT (row), "subtitle");
  g_autofree char *description = NULL;

  if (state == CAIRN_CONVERSATION_QUIET || state >= G_N_ELEMENTS (marks))
    description = g_strdup (subtitle);
  else
    /* Translators: a conversation's state and when it was active, in the sidebar */
    description = g_strdup_printf (_("%s · %s"), _(marks[state].says), subtitle);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static void
show_state (GtkWidget              *row,
            CairnConversationState  state)
{
  GtkWidget *slot = g_object_get_data (G_OBJECT (row), "mark-slot");
  GtkWidget *old = gtk_widget_get_first_child (slot);
  GtkWidget *mark = mark_new (state);

  if (old != NULL)
    gtk_box_remove (GTK_BOX (slot), old);
  if (mark != NULL)
    gtk_box_append (GTK_BOX (slot), mark);
  describe_row (row, state);
}

static CairnConversationState
state_of (CairnSidebar *self,
          GObject      *item)
{
  g_autofree char *id = NULL;

  g_object_get (item, "session-id", &id, NULL);
  return id ? GPOINTER_TO_UINT (g_hash_table_lookup (self->states, id)) : CAIRN_CONVERSATION_QUIET;
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  CairnSidebar *self = user_data;
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = row_subtitle (item);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title_label, *subtitle_label;

  g_object_get (item, "title", &title, NULL);
  title_label = gtk_label_new (title);
  subtitle_label = gtk_label_new (subtitle);
  for (GtkWidget *label = title_label; label != NULL; label = label == title_label ? subtitle_label : NULL)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_widget_add_css_class (subtitle_label, "caption");
  gtk_widget_add_css_class (subtitle_label, "dim-label");
  gtk_widget_set_tooltip_text (row, title);
  gtk_widget_set_hexpand (box, TRUE);
  gtk_box_append (GTK_BOX (line), box);
  gtk_box_append (GTK_BOX (line), slot);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), line);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  g_object_set_data_full (G_OBJECT (row), "item", g_object_ref (item), g_object_unref);
  g_object_set_data_full (G_OBJECT (row), "subtitle", g_steal_pointer (&subtitle), g_free);
  g_object_set_data (G_OBJECT (row), "mark-slot", slot);
  show_state (row, state_of (self, item));
  return row;
}

static void
update_page (CairnSidebar *self)
{
  gboolean empty = self->model == NULL || g_list_model_get_n_items (self->model) == 0;
  gboolean searching = *gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0';

  gtk_stack_set_visible_child_name (self->stack, searching ? "results" : empty ? "empty" : "list");
}

static void
row_activated_cb (CairnSidebar  *self,
                  GtkListBoxRow *row,
                  GtkListBox    *list)
{
  g_signal_emit (self, signals[ACTIVATED], 0, g_object_get_data (G_OBJECT (row), "item"));
}

static gboolean
unparent_later (gpointer popover)
{
  gtk_widget_unparent (popover);
  g_object_unref (popover);
  return G_SOURCE_REMOVE;
}

/* The menu closes before it activates the chosen item, whose action is
 * found through the menu's parent: it stays in place until then. */
static void
row_menu_closed_cb (GtkPopover *popover)
{
  g_idle_add (unparent_later, g_object_ref (popover));
}

static void
popup_row_menu (CairnSidebar  *self,
                GtkListBoxRow *row,
                double         x,
                double         y)
{
  GtkWidget *popover = gtk_popover_menu_new_from_model (self->row_menu);
  GdkRectangle at = { (int)x, (int)y, 1, 1 };

  self->menu_row = row;
  gtk_widget_set_parent (popover, GTK_WIDGET (row));
  g_signal_connect (popover, "closed", G_CALLBACK (row_menu_closed_cb), NULL);
  if (x >= 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), x < 0);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
secondary_click_cb (CairnSidebar *self,
                    int           n_press,
                    double        x,
                    double        y,
                    GtkGesture   *gesture)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int)y);
  graphene_point_t point;

  if (row == NULL ||
      !gtk_widget_compute_point (GTK_WIDGET (self->list), GTK_WIDGET (row),
                                 &GRAPHENE_POINT_INIT (x, y), &point))
    return;
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  popup_row_menu (self, row, point.x, point.y);
}

/* Shift+F10 or the Menu key on the focused row. */
static void
context_menu_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  CairnSidebar *self = CAIRN_SIDEBAR (widget);
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  while (focus != NULL && !GTK_IS_LIST_BOX_ROW (focus))
    focus = gtk_widget_get_parent (focus);
  if (focus != NULL)
    popup_row_menu (self, GTK_LIST_BOX_ROW (focus), -1, -1);
}

static void
row_menu_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  CairnSidebar *self = CAIRN_SIDEBAR (widget);
  GObject *item = self->menu_row ? g_object_get_data (G_OBJECT (self->menu_row), "item") : NULL;

  if (item != NULL)
    g_signal_emit (self, signals[g_str_equal (action_name, "sidebar.rename") ? RENAME : DELETE], 0, item);
}

/* The title of a conversation of this project, or where it is from. */
static char *
hit_title (CairnSidebar   *self,
           CairnSearchHit *hit)
{
  guint n = self->model ? g_list_model_get_n_items (self->model) : 0;
  g_autoptr(GFile) folder = g_file_get_parent (cairn_search_hit_get_file (hit));
  g_autofree char *folder_name = g_file_get_basename (folder);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (self->model, i);
      g_autofree char *id = NULL;
      char *title = NULL;

      g_object_get (item, "session-id", &id, NULL);
      if (g_strcmp0 (id, cairn_search_hit_get_session_id (hit)) == 0)
        {
          g_object_get (item, "title", &title, NULL);
          return title;
        }
    }
  /* Translators: a conversation of another project, named by the CLI's folder for it */
  return g_strdup_printf (_("Conversation in %s"), folder_name);
}

/* The snippet is text from a session file: shown with markup off, the
 * match made bold by an attribute over its bytes. Invalid UTF-8 is
 * replaced first (a label shows nothing of a string that is not UTF-8),
 * and the match is kept on character boundaries. */
static void
show_snippet (GtkLabel       *label,
              CairnSearchHit *hit)
{
  g_autofree char *snippet = g_utf8_make_valid (cairn_search_hit_get_snippet (hit), -1);
  gsize size = strlen (snippet);
  gsize start = MIN (cairn_search_hit_get_match_start (hit), size);
  gsize end = start + MIN (cairn_search_hit_get_match_length (hit), size - start);
  g_autoptr(PangoAttrList) attributes = pango_attr_list_new ();
  PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

  while (start > 0 && (snippet[start] & 0xC0) == 0x80)
    start--;
  while (end < size && (snippet[end] & 0xC0) == 0x80)
    end++;
  bold->start_index = start;
  bold->end_index = end;
  pango_attr_list_insert (attributes, bold);
  gtk_label_set_use_markup (label, FALSE);
  gtk_label_set_text (label, snippet);
  gtk_label_set_attributes (label, attributes);
}

static GtkWidget *
create_hit_row (gpointer item,
                 gpointer user_data)
{
  CairnSidebar *self = user_data;
  g_autofree char *title = hit_title (self, item);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title_label = gtk_label_new (title);
  GtkWidget *snippet_label = gtk_label_new (NULL);

  show_snippet (GTK_LABEL (snippet_label), item);
  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (snippet_label), 0);
  gtk_label_set_wrap (GTK_LABEL (snippet_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (snippet_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (snippet_label), 3);
  gtk_label_set_ellipsize (GTK_LABEL (snippet_label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (title_label, "heading");
  gtk_widget_add_css_class (snippet_label, "search-snippet");
  gtk_box_append (GTK_BOX (box), title_label);
  gtk_box_append (GTK_BOX (box), snippet_label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  cairn_search_hit_get_snippet (item), -1);
  g_object_set_data_full (G_OBJECT (row), "hit", g_object_ref (item), g_object_unref);
  return row;
}

static guint
count_conversations (GListModel *hits)
{
  g_autoptr(GHashTable) files = g_hash_table_new (g_file_hash, (GEqualFunc)g_file_equal);

  for (guint i = 0; i < g_list_model_get_n_items (hits); i++)
    {
      g_autoptr(CairnSearchHit) hit = g_list_model_get_item (hits, i);
      g_hash_table_add (files, cairn_search_hit_get_file (hit));
    }
  return g_hash_table_size (files);
}

static void
search_progress_cb (CairnSidebar *self)
{
  GListModel *hits = cairn_search_get_hits (self->search);
  guint done = cairn_search_get_files_done (self->search);
  guint total = cairn_search_get_files_total (self->search);
  guint conversations = count_conversations (hits);
  g_autofree char *text = NULL;

  if (cairn_search_get_running (self->search))
    /* Translators: progress of a search over the stored conversations */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Searching… %u of %u conversation",
                                         "Searching… %u of %u conversations", total), done, total);
  else if (g_list_model_get_n_items (hits) == 0)
    text = g_strdup (_("Nothing found"));
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Found in %u conversation",
                                         "Found in %u conversations", conversations), conversations);
  gtk_label_set_text (self->progress_label, text);
}

static void
search_changed_cb (CairnSidebar *self)
{
  update_page (self);
  g_signal_emit (self, signals[SEARCH_CHANGED], 0, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)),
                 gtk_toggle_button_get_active (self->all_projects_button));
}

static void
result_activated_cb (CairnSidebar  *self,
                     GtkListBoxRow *row,
                     GtkListBox    *list)
{
  g_signal_emit (self, signals[HIT_ACTIVATED], 0, g_object_get_data (G_OBJECT (row), "hit"));
}

/* Enter in the search field opens the first result. */
static void
search_activate_cb (CairnSidebar *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->results);

  if (row == NULL)
    row = gtk_list_box_get_row_at_index (self->results, 0);
  if (row != NULL)
    result_activated_cb (self, row, self->results);
}

static void
stop_search_cb (CairnSidebar *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

/**
 * cairn_sidebar_set_search:
 *
 * Shows @search's hits and progress while the search field has text.
 */
void
cairn_sidebar_set_search (CairnSidebar *self,
                          CairnSearch  *search)
{
  g_return_if_fail (CAIRN_IS_SIDEBAR (self));
  g_return_if_fail (self->search == NULL);

  self->search = g_object_ref (search);
  gtk_list_box_bind_model (self->results, cairn_search_get_hits (search), create_hit_row, self, NULL);
  g_signal_connect_object (search, "notify", G_CALLBACK (search_progress_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (cairn_search_get_hits (search), "items-changed",
                           G_CALLBACK (search_progress_cb), self, G_CONNECT_SWAPPED);
}

void
cairn_sidebar_focus_search (CairnSidebar *self)
{
  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
cairn_sidebar_dispose (GObject *object)
{
  CairnSidebar *self = (CairnSidebar *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_SIDEBAR);
  g_clear_object (&self->model);
  g_clear_object (&self->search);
  g_clear_pointer (&self->states, g_hash_table_unref);
  g_clear_pointer (&self->selected_id, g_free);

  G_OBJECT_CLASS (cairn_sidebar_parent_class)->dispose (object);
}

static void
cairn_sidebar_class_init (CairnSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_sidebar_dispose;

  /**
   * CairnSidebar::activated:
   * @item: the conversation to show
   */
  signals[ACTIVATED] = g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                     0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_OBJECT);
  signals[RENAME] = g_signal_new ("rename", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_OBJECT);
  signals[DELETE] = g_signal_new ("delete", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_OBJECT);
  /**
   * CairnSidebar::search-changed:
   * @query: the words to find ("" when the search was cleared)
   * @all_projects: whether to look beyond this project
   */
  signals[SEARCH_CHANGED] = g_signal_new ("search-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[HIT_ACTIVATED] = g_signal_new ("hit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, CAIRN_TYPE_SEARCH_HIT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-sidebar.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, box);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, all_projects_button);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, stack);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, list);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, results);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, progress_label);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, row_menu);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_activated_cb);

  gtk_widget_class_install_action (widget_class, "sidebar.rename", NULL, row_menu_action);
  gtk_widget_class_install_action (widget_class, "sidebar.delete", NULL, row_menu_action);
  gtk_widget_class_install_action (widget_class, "sidebar.context-menu", NULL, context_menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "sidebar.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "sidebar.context-menu", NULL);
  gtk_widget_class_set_css_name (widget_class, "cairn-sidebar");
}

static void
cairn_sidebar_init (CairnSidebar *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_list_box_set_header_func (self->list, update_header, NULL, NULL);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (secondary_click_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->list), GTK_EVENT_CONTROLLER (click));
  update_page (self);
}

GtkWidget *
cairn_sidebar_new (void)
{
  return g_object_new (CAIRN_TYPE_SIDEBAR, NULL);
}

static GtkListBoxRow *row_of (CairnSidebar *self, const char *session_id);

/* Rows are made anew when a conversation's file changes, and a new
 * conversation gets its row after it is shown: the one shown stays
 * selected. (The list box made its rows first: it connected first.) */
static void
model_items_changed_cb (CairnSidebar *self)
{
  GtkListBoxRow *row = row_of (self, self->selected_id);

  update_page (self);
  if (row != NULL && gtk_list_box_get_selected_row (self->list) != row)
    gtk_list_box_select_row (self->list, row);
}

/**
 * cairn_sidebar_set_model:
 * @conversations: (nullable): the project's conversations, newest first
 */
void
cairn_sidebar_set_model (CairnSidebar *self,
                         GListModel   *conversations)
{
  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_items_changed_cb, self);
  g_set_object (&self->model, conversations);
  gtk_list_box_bind_model (self->list, conversations, create_row, self, NULL);
  if (conversations != NULL)
    g_signal_connect_object (conversations, "items-changed", G_CALLBACK (model_items_changed_cb),
                             self, G_CONNECT_SWAPPED);
  update_page (self);
}

static GtkListBoxRow *
row_of (CairnSidebar *self,
        const char   *session_id)
{
  for (int i = 0;; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, i);
      g_autofree char *id = NULL;

      if (row == NULL)
        return NULL;
      g_object_get (g_object_get_data (G_OBJECT (row), "item"), "session-id", &id, NULL);
      if (session_id != NULL && g_strcmp0 (id, session_id) == 0)
        return row;
    }
}

/**
 * cairn_sidebar_set_state:
 *
 * Marks the row of an open conversation: a spinner while it works, a
 * badge while it waits for the user, a dot when it finished unseen, an
 * error when it failed. The mark stays with the conversation when the
 * list is rebuilt.
 */
void
cairn_sidebar_set_state (CairnSidebar           *self,
                         const char             *session_id,
                         CairnConversationState  state)
{
  GtkListBoxRow *row;

  g_return_if_fail (CAIRN_IS_SIDEBAR (self));
  g_return_if_fail (session_id != NULL);

  if (state == CAIRN_CONVERSATION_QUIET)
    g_hash_table_remove (self->states, session_id);
  else
    g_hash_table_insert (self->states, g_strdup (session_id), GUINT_TO_POINTER (state));
  if ((row = row_of (self, session_id)) != NULL)
    show_state (GTK_WIDGET (row), state);
}

/**
 * cairn_sidebar_select_session_id:
 * @session_id: (nullable): the conversation shown, or %NULL for a new one
 */
void
cairn_sidebar_select_session_id (CairnSidebar *self,
                                 const char   *session_id)
{
  GtkListBoxRow *row;

  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  g_free (self->selected_id);
  self->selected_id = g_strdup (session_id);
  row = row_of (self, session_id);
  if (row != NULL)
    gtk_list_box_select_row (self->list, row);
  else
    gtk_list_box_unselect_all (self->list);
}
