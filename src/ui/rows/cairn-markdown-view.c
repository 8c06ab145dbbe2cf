/* cairn-markdown-view.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-markdown-view"

#include "config.h"

#include <string.h>

#include "markdown/cairn-markdown.h"
#include "rows/cairn-code-block.h"
#include "rows/cairn-markdown-view.h"

/* Assistant text shown as native widgets: one child per top-level block
 * (labels with Pango markup, code blocks, tables, lists, quotes).
 *
 * Replies stream: set_markdown() gets the whole growing text up to once a
 * frame. Each call parses the text again into the core's tree of blocks
 * (markdown/cairn-markdown.h), then walks it beside the tree of the
 * previous call. A block whose content is unchanged keeps its widget
 * untouched; one of the same kind whose content changed (usually the last)
 * is updated in place; only the rest is built or removed. So the work per
 * update that touches GTK is bounded by what changed, not by the length of
 * the reply. */

typedef CairnMarkdownBlock Block;

struct _CairnMarkdownView
{
  GtkWidget  parent_instance;

  char      *markdown;
  Block     *root;
};

G_DEFINE_FINAL_TYPE (CairnMarkdownView, cairn_markdown_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MARKDOWN,
  N_PROPS
};

static GParamSpec *properties [N_PROPS];

/* Widgets */

static gboolean
activate_link_cb (GtkLabel   *label,
                  const char *uri,
                  gpointer    user_data)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (label));

  /* Only openable links are written as links; this guards the rest too. */
  if (cairn_markdown_is_openable_uri (uri))
    gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, uri, GDK_CURRENT_TIME);
  return TRUE;
}

/* The narrowest a paragraph gets. GtkLabel finds a wrapping label's
 * minimum width by laying it out at this width; at the default (0) every
 * character of a word-char label is a line of its own, which makes the
 * first layout of a reply several times slower. */
#define MIN_WIDTH_CHARS 12

static GtkWidget *
text_label_new (const char         *markup,
                GtkAccessibleRole   role)
{
  GtkWidget *label = g_object_new (GTK_TYPE_LABEL,
                                   "accessible-role", role,
                                   "use-markup", TRUE,
                                   "label", markup,
                                   "wrap", TRUE,
                                   "wrap-mode", PANGO_WRAP_WORD_CHAR,
                                   "width-chars", MIN_WIDTH_CHARS,
                                   "selectable", TRUE,
                                   "xalign", 0.0f,
                                   NULL);

  g_signal_connect (label, "activate-link", G_CALLBACK (activate_link_cb), NULL);
  return label;
}

/* Cells do not wrap: a table too wide for the reply scrolls sideways.
 * (A scrolled window asks its child for its height without a width, so
 * wrapping cells would leave it as tall as at its narrowest.) */
static GtkWidget *
cell_label_new (const char *markup)
{
  GtkWidget *label = text_label_new (markup, GTK_ACCESSIBLE_ROLE_LABEL);

  gtk_label_set_wrap (GTK_LABEL (label), FALSE);
  gtk_label_set_width_chars (GTK_LABEL (label), -1);
  return label;
}

static const char *
heading_class (guint level)
{
  static const char *classes[] = { "title-1", "title-2", "title-3", "title-4" };

  return level >= 1 && level <= G_N_ELEMENTS (classes) ? classes[level - 1] : "heading";
}

static void
set_heading_level (GtkWidget *label,
                   guint      level)
{
  gtk_widget_set_css_classes (label, (const char *[]) { heading_class (level), "md-heading", NULL });
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}

static void
set_label_markup (GtkWidget  *label,
                  const char *markup)
{
  /* gtk_label_get_label() is the markup as it was set */
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), markup) != 0)
    gtk_label_set_markup (GTK_LABEL (label), markup);
}

static void
set_cell_style (GtkWidget   *label,
                const Block *cell)
{
  float xalign = cell->align == CAIRN_MARKDOWN_ALIGN_CENTER ? 0.5f : cell->align == CAIRN_MARKDOWN_ALIGN_RIGHT ? 1.0f : 0.0f;

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_label_set_justify (GTK_LABEL (label),
                         cell->align == CAIRN_MARKDOWN_ALIGN_CENTER ? GTK_JUSTIFY_CENTER :
                         cell->align == CAIRN_MARKDOWN_ALIGN_RIGHT ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_widget_set_css_classes (label,
                              (const char *[]) { "md-cell", cell->header ? "md-header" : NULL, NULL });
}

static void build_block (Block *block);
static void sync_blocks (GtkWidget *parent,
                         GPtrArray *old,
                         GPtrArray *new);

/* Table cells are kept per (row, column) in the grid: a growing table
 * updates its last row and adds the next. */
static void
sync_table (GtkGrid *grid,
            Block   *old,
            Block   *new)
{
  for (guint r = 0; r < new->children->len; r++)
    {
      Block *row = g_ptr_array_index (new->children, r);
      Block *old_row = old != NULL && r < old->children->len ? g_ptr_array_index (old->children, r) : NULL;

      for (guint c = 0; c < row->children->len; c++)
        {
          Block *cell = g_ptr_array_index (row->children, c);
          Block *old_cell = old_row != NULL && c < old_row->children->len ?
                            g_ptr_array_index (old_row->children, c) : NULL;

          if (old_cell != NULL)
            {
              cell->shown = g_steal_pointer (&old_cell->shown);
              set_label_markup (cell->shown, cell->text->str);
            }
          else
            {
              cell->shown = cell_label_new (cell->text->str);
              gtk_grid_attach (grid, cell->shown, c, r, 1, 1);
            }
          set_cell_style (cell->shown, cell);
        }
    }
}

/* What sync_table() did not take over from the old table goes away. */
static void
remove_table_leftovers (GtkGrid *grid,
                        Block   *old)
{
  for (guint r = 0; r < old->children->len; r++)
    {
      Block *row = g_ptr_array_index (old->children, r);

      for (guint c = 0; c < row->children->len; c++)
        {
          Block *cell = g_ptr_array_index (row->children, c);

          if (cell->shown != NULL)
            gtk_grid_remove (grid, g_steal_pointer (&cell->shown));
        }
    }
}

static void
build_table (Block *block)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  block->box = gtk_grid_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), block->box);
  gtk_widget_set_halign (scroller, GTK_ALIGN_START);
  gtk_widget_set_css_classes (scroller, (const char *[]) { "card", "md-table", NULL });
  sync_table (GTK_GRID (block->box), NULL, block);
  block->shown = scroller;
}

static GtkWidget *
box_new (GtkOrientation     orientation,
         int                spacing,
         GtkAccessibleRole  role)
{
  return g_object_new (GTK_TYPE_BOX,
                       "orientation", orientation,
                       "spacing", spacing,
                       "accessible-role", role,
                       NULL);
}

/* The marker is a label of its own, so wrapped lines of the item's text
 * line up after it rather than under it. It is read too: numbers and
 * checkboxes matter. */
static void
build_item (Block *block)
{
  GtkWidget *marker = gtk_label_new (block->text->str);

  block->shown = box_new (GTK_ORIENTATION_HORIZONTAL, 6, GTK_ACCESSIBLE_ROLE_LIST_ITEM);
  block->box = box_new (GTK_ORIENTATION_VERTICAL, 6, GTK_ACCESSIBLE_ROLE_GENERIC);
  gtk_widget_set_hexpand (block->box, TRUE);

  gtk_label_set_xalign (GTK_LABEL (marker), 1.0f);
  gtk_label_set_width_chars (GTK_LABEL (marker), MAX (block->width, 1));
  gtk_widget_set_valign (marker, GTK_ALIGN_START);
  gtk_widget_add_css_class (marker, "md-marker");
  gtk_box_append (GTK_BOX (block->shown), marker);
  gtk_box_append (GTK_BOX (block->shown), block->box);
}

static void
build_children (Block *block)
{
  for (guint i = 0; i < block->children->len; i++)
    {
      Block *child = g_ptr_array_index (block->children, i);

      build_block (child);
      gtk_box_append (GTK_BOX (block->box), child->shown);
    }
}

static GtkWidget *
box_with_class (int                spacing,
                GtkAccessibleRole  role,
                const char        *css_class)
{
  GtkWidget *box = box_new (GTK_ORIENTATION_VERTICAL, spacing, role);

  gtk_widget_add_css_class (box, css_class);
  return box;
}

static void
build_block (Block *block)
{
  switch (block->kind)
    {
    case CAIRN_MARKDOWN_PARAGRAPH:
    case CAIRN_MARKDOWN_HTML:
      block->shown = text_label_new (block->text->str, GTK_ACCESSIBLE_ROLE_LABEL);
      break;
    case CAIRN_MARKDOWN_HEADING:
      block->shown = text_label_new (block->text->str, GTK_ACCESSIBLE_ROLE_HEADING);
      set_heading_level (block->shown, block->level);
      break;
    case CAIRN_MARKDOWN_RULE:
      block->shown = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
      gtk_widget_add_css_class (block->shown, "md-rule");
      break;
    case CAIRN_MARKDOWN_CODE:
      block->shown = cairn_code_block_new ();
      cairn_code_block_set_code (CAIRN_CODE_BLOCK (block->shown), block->lang, block->text->str);
      break;
    case CAIRN_MARKDOWN_QUOTE:
      block->shown = block->box = box_with_class (8, GTK_ACCESSIBLE_ROLE_GROUP, "md-quote");
      break;
    case CAIRN_MARKDOWN_LIST:
      block->shown = block->box = box_with_class (4, GTK_ACCESSIBLE_ROLE_LIST, "md-list");
      break;
    case CAIRN_MARKDOWN_ITEM: build_item (block); break;
    case CAIRN_MARKDOWN_TABLE: build_table (block); break;
    case CAIRN_MARKDOWN_DOCUMENT:
    case CAIRN_MARKDOWN_ROW:
    case CAIRN_MARKDOWN_CELL:
    default: g_assert_not_reached ();
    }
  if (block->box != NULL && block->kind != CAIRN_MARKDOWN_TABLE)
    build_children (block);
}

static void
update_item (Block *old,
             Block *new)
{
  GtkWidget *marker = gtk_widget_get_first_child (old->shown);

  if (!g_string_equal (old->text, new->text))
    gtk_label_set_label (GTK_LABEL (marker), new->text->str);
  gtk_label_set_width_chars (GTK_LABEL (marker), MAX (new->width, 1));
  sync_blocks (old->box, old->children, new->children);
}

/* @new shows in @old's widgets, changed in place; @old keeps none. */
static void
update_block (Block *old,
              Block *new)
{
  switch (new->kind)
    {
    case CAIRN_MARKDOWN_HEADING:
      if (old->level != new->level)
        set_heading_level (old->shown, new->level);
      G_GNUC_FALLTHROUGH;
    case CAIRN_MARKDOWN_PARAGRAPH:
    case CAIRN_MARKDOWN_HTML:
      set_label_markup (old->shown, new->text->str);
      break;
    case CAIRN_MARKDOWN_CODE:
      cairn_code_block_set_code (CAIRN_CODE_BLOCK (old->shown), new->lang, new->text->str);
      break;
    case CAIRN_MARKDOWN_QUOTE:
    case CAIRN_MARKDOWN_LIST: sync_blocks (old->box, old->children, new->children); break;
    case CAIRN_MARKDOWN_ITEM: update_item (old, new); break;
    case CAIRN_MARKDOWN_TABLE:
      sync_table (GTK_GRID (old->box), old, new);
      remove_table_leftovers (GTK_GRID (old->box), old);
      break;
    case CAIRN_MARKDOWN_RULE:
      break;
    case CAIRN_MARKDOWN_DOCUMENT:
    case CAIRN_MARKDOWN_ROW:
    case CAIRN_MARKDOWN_CELL:
    default:
      g_assert_not_reached ();
    }
  new->shown = g_steal_pointer (&old->shown);
  new->box = g_steal_pointer (&old->box);
}

/* The view itself lays its children out like a box but is not one. */
static void
insert_child (GtkWidget *parent,
              GtkWidget *child,
              GtkWidget *sibling)
{
  if (GTK_IS_BOX (parent))
    gtk_box_insert_child_after (GTK_BOX (parent), child, sibling);
  else
    gtk_widget_insert_after (child, parent, sibling);
}

static void
remove_child (GtkWidget *parent,
              GtkWidget *child)
{
  if (GTK_IS_BOX (parent))
    gtk_box_remove (GTK_BOX (parent), child);
  else
    gtk_widget_unparent (child);
}

/* Shows the Blocks @new in @parent, where the Blocks @old are shown:
 * block i of @new takes over the widget of block i of @old when it can.
 * An unchanged Block is swapped into @new whole, widgets and all, and the
 * new copy goes away with @old. */
static void
sync_blocks (GtkWidget *parent,
             GPtrArray *old,
             GPtrArray *new)
{
  GtkWidget *previous = NULL;
  guint i;

  for (i = 0; i < new->len; i++)
    {
      Block *block = g_ptr_array_index (new, i);
      Block *was = i < old->len ? g_ptr_array_index (old, i) : NULL;

      if (was != NULL && cairn_markdown_block_equal (was, block))
        {
          new->pdata[i] = was;
          old->pdata[i] = block;
          block = was;
        }
      else if (was != NULL && was->kind == block->kind)
        {
          update_block (was, block);
        }
      else
        {
          build_block (block);
          insert_child (parent, block->shown, previous);
          if (was != NULL)
            remove_child (parent, g_steal_pointer (&was->shown));
        }
      previous = block->shown;
    }
  for (; i < old->len; i++)
    remove_child (parent, ((Block *)g_ptr_array_index (old, i))->shown);
}

/* The view */

GtkWidget *
cairn_markdown_view_new (void)
{
  return g_object_new (CAIRN_TYPE_MARKDOWN_VIEW, NULL);
}

const char *
cairn_markdown_view_get_markdown (CairnMarkdownView *self)
{
  g_return_val_if_fail (CAIRN_IS_MARKDOWN_VIEW (self), NULL);
  return self->markdown;
}

/**
 * cairn_markdown_view_set_markdown:
 * @markdown: (nullable): the text, in GitHub-flavoured Markdown
 *
 * Shows @markdown. Cheap to call again with a longer text as a reply
 * streams: only the blocks that changed are touched.
 */
void
cairn_markdown_view_set_markdown (CairnMarkdownView *self,
                                  const char        *markdown)
{
  Block *root;

  g_return_if_fail (CAIRN_IS_MARKDOWN_VIEW (self));

  if (markdown == NULL)
    markdown = "";
  if (g_strcmp0 (markdown, self->markdown) == 0)
    return;

  g_free (self->markdown);
  /* Markup must be valid UTF-8 or a label refuses it, with a warning. */
  self->markdown = g_utf8_make_valid (markdown, -1);

  root = cairn_markdown_parse (self->markdown, strlen (self->markdown));
  sync_blocks (GTK_WIDGET (self), self->root->children, root->children);
  cairn_markdown_block_free (self->root);
  self->root = root;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKDOWN]);
}

static void
cairn_markdown_view_dispose (GObject *object)
{
  CairnMarkdownView *self = (CairnMarkdownView *)object;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->root, cairn_markdown_block_free);

  G_OBJECT_CLASS (cairn_markdown_view_parent_class)->dispose (object);
}

static void
cairn_markdown_view_finalize (GObject *object)
{
  CairnMarkdownView *self = (CairnMarkdownView *)object;

  g_clear_pointer (&self->markdown, g_free);

  G_OBJECT_CLASS (cairn_markdown_view_parent_class)->finalize (object);
}

static void
cairn_markdown_view_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CairnMarkdownView *self = CAIRN_MARKDOWN_VIEW (object);

  switch (prop_id)
    {
    case PROP_MARKDOWN:
      g_value_set_string (value, self->markdown);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_markdown_view_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CairnMarkdownView *self = CAIRN_MARKDOWN_VIEW (object);

  switch (prop_id)
    {
    case PROP_MARKDOWN:
      cairn_markdown_view_set_markdown (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_markdown_view_class_init (CairnMarkdownViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_markdown_view_dispose;
  object_class->finalize = cairn_markdown_view_finalize;
  object_class->get_property = cairn_markdown_view_get_property;
  object_class->set_property = cairn_markdown_view_set_property;

  properties [PROP_MARKDOWN] =
    g_param_spec_string ("markdown", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "markdownview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cairn_markdown_view_init (CairnMarkdownView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);

  self->markdown = g_strdup ("");
  self->root = cairn_markdown_block_new (CAIRN_MARKDOWN_DOCUMENT);
}
