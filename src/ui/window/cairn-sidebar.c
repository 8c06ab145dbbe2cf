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
#include "window/cairn-day-group.h"
#include "window/cairn-conversation-row.h"
#include "window/cairn-hit-row.h"
#include "widgets/cairn-paint-report.h"
#include "search/cairn-search-hit.h"

/* The conversations of the project, newest first, under day headings.
 * Each item of the model has the properties "title", "modified" (unix
 * seconds), "git-branch" and "session-id"; the sidebar only reads them.
 *
 * Both lists are list views: they make rows for the conversations (and
 * the search results) in view only and bind them as they scroll, so a
 * history of 10,000 conversations costs what one of 30 does, in time,
 * memory and the accessibility tree.
 *
 * GTK 4.8's list views have no section headers. The day heading is shown
 * by the row of the first conversation of its group (the rows find their
 * group's first conversation by a binary search over the list, newest
 * first). The other way, heading items put into the model, would make the
 * headings list items of their own: the arrow keys would stop on them, a
 * screen reader would count them as conversations and the items' positions
 * would no longer be the model's. */

struct _CairnSidebar
{
  GtkWidget   parent_instance;

  GtkWidget      *box;
  GtkSearchEntry *search_entry;
  GtkToggleButton *all_projects_button;
  GtkStack       *stack;
  GtkListView    *list;
  GtkListView    *results;
  GtkLabel       *progress_label;
  GtkMenuButton  *unreadable_button;
  GtkLabel       *unreadable_label;
  GtkLabel       *unreadable_names;
  GMenuModel     *row_menu;

  GListModel  *model;
  GtkSingleSelection *selection;
  GtkSingleSelection *hit_selection;
  CairnSearch *search;
  /* the open conversations' states, by session id */
  GHashTable  *states;
  /* the conversation shown, selected once it is listed */
  char        *selected_id;
  /* the conversation whose context menu is open */
  GObject     *menu_item;
  /* the rows bound now: those in view and a few around */
  GHashTable  *bound;
  /* the first conversation of each day group (NULL: none) */
  GObject     *group_firsts[CAIRN_DAY_GROUP_OLDER + 1];
  /* session id → conversation, for the titles of search results; made
   * when a result asks, dropped when the list changes */
  GHashTable  *by_id;
  /* the list is being read: an empty one says nothing yet */
  gboolean     loading;
  /* conversations came at the top while it was in view: it stays there */
  gboolean     keep_top;
};

G_DEFINE_FINAL_TYPE (CairnSidebar, cairn_sidebar, GTK_TYPE_WIDGET)

enum {
  ACTIVATED,
  RENAME,
  DELETE,
  EXPORT,
  SEARCH_CHANGED,
  HIT_ACTIVATED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

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
modified_at (GListModel *model,
             guint       position)
{
  g_autoptr(GObject) item = g_list_model_get_item (model, position);
  gint64 modified = 0;

  g_object_get (item, "modified", &modified, NULL);
  return modified;
}

/* The first conversation of each day group: the list is newest first, so
 * the groups follow each other and a binary search finds where each one
 * starts (a few dozen reads for 10,000 conversations). */
static void
find_group_firsts (CairnSidebar *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  guint n = self->model ? g_list_model_get_n_items (self->model) : 0;

  for (guint group = 0; group < G_N_ELEMENTS (self->group_firsts); group++)
    {
      guint low = 0, high = n;

      g_clear_object (&self->group_firsts[group]);
      while (low < high)
        {
          guint middle = low + (high - low) / 2;
          if (cairn_day_group (now, modified_at (self->model, middle)) < group)
            low = middle + 1;
          else
            high = middle;
        }
      if (low < n && cairn_day_group (now, modified_at (self->model, low)) == group)
        self->group_firsts[group] = g_list_model_get_item (self->model, low);
    }
}

static const char *
heading_of (CairnSidebar *self,
            GObject      *item)
{
  for (guint group = 0; group < G_N_ELEMENTS (self->group_firsts); group++)
    if (self->group_firsts[group] == item)
      return group_title (group);
  return NULL;
}

static CairnConversationState
state_of (CairnSidebar *self,
          GObject      *item)
{
  g_autofree char *id = NULL;

  g_object_get (item, "session-id", &id, NULL);
  return id ? GPOINTER_TO_UINT (g_hash_table_lookup (self->states, id)) : CAIRN_CONVERSATION_QUIET;
}

static void
update_page (CairnSidebar *self)
{
  gboolean empty = self->model == NULL || g_list_model_get_n_items (self->model) == 0;
  gboolean searching = *gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0';

  gtk_stack_set_visible_child_name (self->stack, searching ? "results" : !empty ? "list"
                                                 : self->loading ? "loading" : "empty");
}

/* The menu closes before it activates the chosen item, whose action is
 * found through the menu's parent: it stays in place until then. */
static gboolean
unparent_later (gpointer popover)
{
  gtk_widget_unparent (popover);
  g_object_unref (popover);
  return G_SOURCE_REMOVE;
}

static void
row_menu_closed_cb (GtkPopover *popover)
{
  g_idle_add (unparent_later, g_object_ref (popover));
}

/* The menu acts on the conversation it was opened for, even if its row
 * is bound to another one meanwhile. */
static void
popup_row_menu (CairnSidebar         *self,
                CairnConversationRow *row,
                double                x,
                double                y)
{
  GtkWidget *popover = gtk_popover_menu_new_from_model (self->row_menu);
  GdkRectangle at = { (int)x, (int)y, 1, 1 };

  if (cairn_conversation_row_get_item (row) == NULL)
    return;
  g_set_object (&self->menu_item, cairn_conversation_row_get_item (row));
  gtk_widget_set_parent (popover, GTK_WIDGET (row));
  g_signal_connect (popover, "closed", G_CALLBACK (row_menu_closed_cb), NULL);
  if (x >= 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), x < 0);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
row_secondary_click_cb (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        CairnSidebar    *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_row_menu (self, CAIRN_CONVERSATION_ROW (row), x, y);
}

/* A click opens the conversation, as the list box did: the list view
 * itself activates on a double click (and Enter) only. */
static void
row_clicked_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                CairnSidebar    *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  if (n_press != 1)
    return;
  if (CAIRN_IS_CONVERSATION_ROW (row) && cairn_conversation_row_get_item (CAIRN_CONVERSATION_ROW (row)))
    g_signal_emit (self, signals[ACTIVATED], 0, cairn_conversation_row_get_item (CAIRN_CONVERSATION_ROW (row)));
  else if (CAIRN_IS_HIT_ROW (row) && cairn_hit_row_get_hit (CAIRN_HIT_ROW (row)))
    g_signal_emit (self, signals[HIT_ACTIVATED], 0, cairn_hit_row_get_hit (CAIRN_HIT_ROW (row)));
}

static void
add_click (CairnSidebar *self,
           GtkWidget    *row,
           guint         button,
           GCallback     callback)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), button);
  g_signal_connect_object (click, button == GDK_BUTTON_SECONDARY ? "pressed" : "released", callback, self, 0);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
}

static void
setup_row_cb (CairnSidebar *self,
              GtkListItem  *list_item)
{
  GtkWidget *row = cairn_conversation_row_new ();

  add_click (self, row, GDK_BUTTON_PRIMARY, G_CALLBACK (row_clicked_cb));
  add_click (self, row, GDK_BUTTON_SECONDARY, G_CALLBACK (row_secondary_click_cb));
  gtk_list_item_set_child (list_item, row);
}

static void
bind_row_cb (CairnSidebar *self,
             GtkListItem  *list_item)
{
  CairnConversationRow *row = CAIRN_CONVERSATION_ROW (gtk_list_item_get_child (list_item));
  GObject *item = gtk_list_item_get_item (list_item);

  cairn_conversation_row_bind (row, item, state_of (self, item));
  cairn_conversation_row_set_heading (row, heading_of (self, item));
  g_hash_table_add (self->bound, row);
  /* bound while the frame is laid out: the frame painted next shows it */
  if (gtk_list_item_get_position (list_item) == 0)
    cairn_paint_report_at_next_paint (GTK_WIDGET (row), "title-shown");
}

static void
unbind_row_cb (CairnSidebar *self,
               GtkListItem  *list_item)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);

  cairn_conversation_row_unbind (CAIRN_CONVERSATION_ROW (row));
  g_hash_table_remove (self->bound, row);
}

static void
teardown_row_cb (CairnSidebar *self,
                 GtkListItem  *list_item)
{
  g_hash_table_remove (self->bound, gtk_list_item_get_child (list_item));
}

static void
list_activate_cb (CairnSidebar *self,
                  guint         position,
                  GtkListView  *list)
{
  g_autoptr(GObject) item = self->model ? g_list_model_get_item (self->model, position) : NULL;

  if (item != NULL)
    g_signal_emit (self, signals[ACTIVATED], 0, item);
}

/* The row around the focus, for Shift+F10 or the Menu key. */
static CairnConversationRow *
focused_row (CairnSidebar *self)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  GtkWidget *child;

  while (focus != NULL && gtk_widget_get_parent (focus) != GTK_WIDGET (self->list))
    focus = gtk_widget_get_parent (focus);
  child = focus ? gtk_widget_get_first_child (focus) : NULL;
  return CAIRN_IS_CONVERSATION_ROW (child) ? CAIRN_CONVERSATION_ROW (child) : NULL;
}

static void
context_menu_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  CairnSidebar *self = CAIRN_SIDEBAR (widget);
  CairnConversationRow *row = focused_row (self);

  if (row != NULL)
    popup_row_menu (self, row, -1, -1);
}

static void
row_menu_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *param)
{
  CairnSidebar *self = CAIRN_SIDEBAR (widget);

  guint which = g_str_equal (action_name, "sidebar.rename") ? RENAME
                 : g_str_equal (action_name, "sidebar.export") ? EXPORT : DELETE;

  if (self->menu_item != NULL)
    g_signal_emit (self, signals[which], 0, self->menu_item);
}

/* The title of a conversation of this project, or where it is from. */
static char *
hit_title (CairnSidebar   *self,
           CairnSearchHit *hit)
{
  guint n = self->model ? g_list_model_get_n_items (self->model) : 0;
  g_autoptr(GFile) folder = g_file_get_parent (cairn_search_hit_get_file (hit));
  g_autofree char *folder_name = g_file_get_basename (folder);
  GObject *item;
  char *title = NULL;

  if (self->by_id == NULL)
    {
      self->by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      for (guint i = 0; i < n; i++)
        {
          GObject *conversation = g_list_model_get_item (self->model, i);
          char *id = NULL;

          g_object_get (conversation, "session-id", &id, NULL);
          if (id != NULL)
            g_hash_table_replace (self->by_id, id, conversation);
          else
            g_object_unref (conversation);
        }
    }
  if ((item = g_hash_table_lookup (self->by_id, cairn_search_hit_get_session_id (hit))) != NULL)
    {
      g_object_get (item, "title", &title, NULL);
      return title;
    }
  /* Translators: a conversation of another project, named by the CLI's folder for it */
  return g_strdup_printf (_("Conversation in %s"), folder_name);
}

static void
setup_hit_cb (CairnSidebar *self,
              GtkListItem  *list_item)
{
  GtkWidget *row = cairn_hit_row_new ();

  add_click (self, row, GDK_BUTTON_PRIMARY, G_CALLBACK (row_clicked_cb));
  gtk_list_item_set_child (list_item, row);
}

static void
bind_hit_cb (CairnSidebar *self,
             GtkListItem  *list_item)
{
  CairnHitRow *row = CAIRN_HIT_ROW (gtk_list_item_get_child (list_item));
  CairnSearchHit *hit = gtk_list_item_get_item (list_item);
  g_autofree char *title = hit_title (self, hit);

  cairn_hit_row_bind (row, hit, title);
  if (gtk_list_item_get_position (list_item) == 0)
    cairn_paint_report_at_next_paint (GTK_WIDGET (row), "search-first-hit");
}

static void
unbind_hit_cb (CairnSidebar *self,
               GtkListItem  *list_item)
{
  cairn_hit_row_unbind (CAIRN_HIT_ROW (gtk_list_item_get_child (list_item)));
}

static GtkListItemFactory *
factory_new (CairnSidebar *self,
             GCallback     setup,
             GCallback     bind,
             GCallback     unbind,
             GCallback     teardown)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect_object (factory, "setup", setup, self, G_CONNECT_SWAPPED);
  g_signal_connect_object (factory, "bind", bind, self, G_CONNECT_SWAPPED);
  g_signal_connect_object (factory, "unbind", unbind, self, G_CONNECT_SWAPPED);
  if (teardown != NULL)
    g_signal_connect_object (factory, "teardown", teardown, self, G_CONNECT_SWAPPED);
  return factory;
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

/* A search's end is reported for the benchmarks once it looked through
 * every file. */
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
  if (!cairn_search_get_running (self->search) && total > 0 && done == total)
    cairn_paint_report_at_next_paint (GTK_WIDGET (self->progress_label), "search-complete");
}

static void
search_changed_cb (CairnSidebar *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  update_page (self);
  if (*query != '\0')
    cairn_paint_report_now ("search-start");
  g_signal_emit (self, signals[SEARCH_CHANGED], 0, query, gtk_toggle_button_get_active (self->all_projects_button));
}

static void
result_activated_cb (CairnSidebar *self,
                     guint         position,
                     GtkListView  *results)
{
  g_autoptr(CairnSearchHit) hit = g_list_model_get_item (G_LIST_MODEL (self->hit_selection), position);

  if (hit != NULL)
    g_signal_emit (self, signals[HIT_ACTIVATED], 0, hit);
}

/* Enter in the search field opens the selected result, or the first. */
static void
search_activate_cb (CairnSidebar *self)
{
  guint position;

  if (self->hit_selection == NULL)
    return;
  position = gtk_single_selection_get_selected (self->hit_selection);
  result_activated_cb (self, position == GTK_INVALID_LIST_POSITION ? 0 : position, self->results);
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
  self->hit_selection = gtk_single_selection_new (g_object_ref (cairn_search_get_hits (search)));
  gtk_list_view_set_model (self->results, GTK_SELECTION_MODEL (self->hit_selection));
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

/**
 * cairn_sidebar_search_for:
 * @text: the words to find
 *
 * Fills the search in (the search starts as when typed), focused.
 */
void
cairn_sidebar_search_for (CairnSidebar *self,
                          const char   *text,
                          gboolean      all_projects)
{
  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  gtk_toggle_button_set_active (self->all_projects_button, all_projects);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_set_position (GTK_EDITABLE (self->search_entry), -1);
}

static void
cairn_sidebar_dispose (GObject *object)
{
  CairnSidebar *self = (CairnSidebar *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_SIDEBAR);
  g_clear_object (&self->selection);
  g_clear_object (&self->hit_selection);
  g_clear_object (&self->model);
  g_clear_object (&self->search);
  g_clear_object (&self->menu_item);
  for (guint group = 0; group < G_N_ELEMENTS (self->group_firsts); group++)
    g_clear_object (&self->group_firsts[group]);
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  g_clear_pointer (&self->bound, g_hash_table_unref);
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
  /**
   * CairnSidebar::export:
   * @item: the conversation to write to a file
   */
  signals[EXPORT] = g_signal_new ("export", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
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
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, unreadable_button);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, unreadable_label);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, unreadable_names);
  gtk_widget_class_bind_template_child (widget_class, CairnSidebar, row_menu);
  gtk_widget_class_bind_template_callback (widget_class, list_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, result_activated_cb);

  gtk_widget_class_install_action (widget_class, "sidebar.rename", NULL, row_menu_action);
  gtk_widget_class_install_action (widget_class, "sidebar.export", NULL, row_menu_action);
  gtk_widget_class_install_action (widget_class, "sidebar.delete", NULL, row_menu_action);
  gtk_widget_class_install_action (widget_class, "sidebar.context-menu", NULL, context_menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "sidebar.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "sidebar.context-menu", NULL);
  gtk_widget_class_set_css_name (widget_class, "cairn-sidebar");
}

static void
cairn_sidebar_init (CairnSidebar *self)
{
  g_autoptr(GtkListItemFactory) rows = NULL;
  g_autoptr(GtkListItemFactory) hits = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->bound = g_hash_table_new (NULL, NULL);
  rows = factory_new (self, G_CALLBACK (setup_row_cb), G_CALLBACK (bind_row_cb), G_CALLBACK (unbind_row_cb),
                      G_CALLBACK (teardown_row_cb));
  gtk_list_view_set_factory (self->list, rows);
  hits = factory_new (self, G_CALLBACK (setup_hit_cb), G_CALLBACK (bind_hit_cb), G_CALLBACK (unbind_hit_cb),
                      NULL);
  gtk_list_view_set_factory (self->results, hits);
  update_page (self);
}

GtkWidget *
cairn_sidebar_new (void)
{
  return g_object_new (CAIRN_TYPE_SIDEBAR, NULL);
}

/* The position of the conversation @session_id among the @n items from
 * @from, or GTK_INVALID_LIST_POSITION (a look through them: done when the
 * conversation shown changes, or over what a change added, not per row). */
static guint
position_in (CairnSidebar *self,
             const char   *session_id,
             guint         from,
             guint         n)
{
  guint end = self->model && session_id ? MIN (from + n, g_list_model_get_n_items (self->model)) : 0;

  for (guint i = from; i < end; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (self->model, i);
      g_autofree char *id = NULL;

      g_object_get (item, "session-id", &id, NULL);
      if (g_strcmp0 (id, session_id) == 0)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static gboolean
selected_is (CairnSidebar *self,
             const char   *session_id)
{
  GObject *item = gtk_single_selection_get_selected_item (self->selection);
  g_autofree char *id = NULL;

  if (item != NULL)
    g_object_get (item, "session-id", &id, NULL);
  return g_strcmp0 (id, session_id) == 0;
}

/* Selects the conversation shown if it is among the @n items from @from
 * (a change can only have brought it in among those it added: a look
 * through all would make a long listing's batches quadratic). */
static void
select_shown_in (CairnSidebar *self,
                 guint         from,
                 guint         n)
{
  guint position;

  if (self->selection == NULL || selected_is (self, self->selected_id))
    return;
  position = position_in (self, self->selected_id, from, n);
  if (position != GTK_INVALID_LIST_POSITION || n == G_MAXUINT)
    gtk_single_selection_set_selected (self->selection, position);
}

static void
select_shown (CairnSidebar *self)
{
  select_shown_in (self, 0, G_MAXUINT);
}

/* Before the list view hears of the change (this handler is connected
 * first): the headings are found again for the rows it binds, and those
 * bound already get theirs. */
static void
model_items_changed_cb (CairnSidebar *self,
                        guint         position,
                        guint         removed,
                        guint         added)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list));
  GHashTableIter iter;
  gpointer row;

  self->keep_top = position == 0 && added > 0 && adjustment != NULL && gtk_adjustment_get_value (adjustment) <= 0;
  /* for the benchmarks: from here to title-shown is the sidebar's part */
  if (added > 0)
    cairn_paint_report_now ("list-items");
  g_clear_pointer (&self->by_id, g_hash_table_unref);
  find_group_firsts (self);
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    if (cairn_conversation_row_get_item (row) != NULL)
      cairn_conversation_row_set_heading (row, heading_of (self, cairn_conversation_row_get_item (row)));
}

/* Conversations are replaced when their file changes, and a new one is
 * listed after it is shown: the one shown stays selected. (Connected
 * after: the list view hears of the change before its selection moves.) */
/* Once the list view has laid out the change, in the frame's layout
 * (connected after the window's, whose handler allocates; setting the
 * value lays out again in the same frame): a list view stays on the
 * conversation it showed first, so a new one above it would be out of
 * view. (GTK 4.8's list.scroll-to-item would pin the view to the top:
 * scrolling the adjustment no longer moved it.) */
static void
back_to_top_cb (GdkFrameClock *clock,
                CairnSidebar  *self)
{
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list));

  g_signal_handlers_disconnect_by_func (clock, back_to_top_cb, self);
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, 0);
}

static void
selection_items_changed_cb (CairnSidebar *self,
                            guint         position,
                            guint         removed,
                            guint         added)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->list));

  update_page (self);
  select_shown_in (self, position, added);
  if (self->keep_top && clock != NULL)
    {
      g_signal_handlers_disconnect_by_func (clock, back_to_top_cb, self);
      g_signal_connect_object (clock, "layout", G_CALLBACK (back_to_top_cb), self, G_CONNECT_AFTER);
      gtk_widget_queue_allocate (GTK_WIDGET (self->list));
    }
  self->keep_top = FALSE;
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
  if (conversations != NULL)
    g_signal_connect_object (conversations, "items-changed", G_CALLBACK (model_items_changed_cb),
                             self, G_CONNECT_SWAPPED);
  model_items_changed_cb (self, 0, 0, 0);
  g_clear_object (&self->selection);
  if (conversations != NULL)
    {
      self->selection = gtk_single_selection_new (g_object_ref (conversations));
      gtk_single_selection_set_autoselect (self->selection, FALSE);
      gtk_single_selection_set_can_unselect (self->selection, TRUE);
      gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
      g_signal_connect_object (self->selection, "items-changed", G_CALLBACK (selection_items_changed_cb),
                               self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
    }
  gtk_list_view_set_model (self->list, GTK_SELECTION_MODEL (self->selection));
  selection_items_changed_cb (self, 0, 0, G_MAXUINT);
}

/**
 * cairn_sidebar_set_loading:
 * @loading: whether the list is still being read
 *
 * While it is and nothing is listed yet, the sidebar says it is loading
 * rather than that there are no conversations.
 */
void
cairn_sidebar_set_loading (CairnSidebar *self,
                           gboolean      loading)
{
  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  if (self->loading && !loading)
    cairn_paint_report_at_next_paint (GTK_WIDGET (self->stack), "list-complete");
  self->loading = loading;
  update_page (self);
}

/* The names shown of the files that could not be read: a folder may hold
 * thousands, and a popover is no place for all of them. */
#define MAX_UNREADABLE_NAMES 100

/**
 * cairn_sidebar_set_unreadable:
 * @files: (element-type GFile): the project's conversation files that
 *   the last listing could not read
 *
 * Says how many there are, under the list, with a button that shows
 * their names (as plain text: a name is the folder's, not ours).
 */
void
cairn_sidebar_set_unreadable (CairnSidebar *self,
                              GPtrArray    *files)
{
  g_autoptr(GString) names = g_string_new (_("These files could not be read:"));
  g_autofree char *text = NULL;
  guint n = files ? files->len : 0;

  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  gtk_widget_set_visible (GTK_WIDGET (self->unreadable_button), n > 0);
  if (n == 0)
    {
      gtk_menu_button_popdown (self->unreadable_button);
      return;
    }
  /* Translators: under the list of conversations, when some of their files can't be read */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u conversation could not be read",
                                       "%u conversations could not be read", n), n);
  gtk_label_set_text (self->unreadable_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->unreadable_button), GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Shows which files"), -1);
  for (guint i = 0; i < MIN (n, MAX_UNREADABLE_NAMES); i++)
    {
      g_autofree char *name = g_filename_display_basename (g_file_peek_path (g_ptr_array_index (files, i)));
      g_string_append_printf (names, "\n%s", name);
    }
  if (n > MAX_UNREADABLE_NAMES)
    {
      g_string_append_c (names, '\n');
      /* Translators: after the names of the files that could not be read, when there are more */
      g_string_append_printf (names, g_dngettext (GETTEXT_PACKAGE, "…and %u more", "…and %u more",
                                                  n - MAX_UNREADABLE_NAMES), n - MAX_UNREADABLE_NAMES);
    }
  gtk_label_set_text (self->unreadable_names, names->str);
}

/**
 * cairn_sidebar_set_state:
 *
 * Marks the row of an open conversation: a spinner while it works, a
 * badge while it waits for the user, a dot when it finished unseen, an
 * error when it failed. The mark stays with the conversation when the
 * list is rebuilt or scrolled.
 */
void
cairn_sidebar_set_state (CairnSidebar           *self,
                         const char             *session_id,
                         CairnConversationState  state)
{
  GHashTableIter iter;
  gpointer row;

  g_return_if_fail (CAIRN_IS_SIDEBAR (self));
  g_return_if_fail (session_id != NULL);

  if (state == CAIRN_CONVERSATION_QUIET)
    g_hash_table_remove (self->states, session_id);
  else
    g_hash_table_insert (self->states, g_strdup (session_id), GUINT_TO_POINTER (state));
  g_hash_table_iter_init (&iter, self->bound);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    {
      GObject *item = cairn_conversation_row_get_item (row);
      g_autofree char *id = NULL;

      if (item != NULL)
        g_object_get (item, "session-id", &id, NULL);
      if (g_strcmp0 (id, session_id) == 0)
        cairn_conversation_row_set_state (row, state);
    }
}

/**
 * cairn_sidebar_select_session_id:
 * @session_id: (nullable): the conversation shown, or %NULL for a new one
 */
void
cairn_sidebar_select_session_id (CairnSidebar *self,
                                 const char   *session_id)
{
  g_return_if_fail (CAIRN_IS_SIDEBAR (self));

  g_free (self->selected_id);
  self->selected_id = g_strdup (session_id);
  select_shown (self);
}
