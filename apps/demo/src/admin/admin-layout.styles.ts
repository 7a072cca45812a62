/** The admin shell's stylesheet (topbar, navigation, the bell's fallback link, main column). */
export const ADMIN_LAYOUT_CSS = `
body {
  font-family: system-ui, sans-serif;
  margin: 0;
  color: #1d2330;
  background: #f6f7f9;
}
header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
  padding: 0.75rem 1.5rem;
  background: #1d2330;
  color: #fff;
}
header a {
  color: #fff;
  text-decoration: none;
  font-weight: 600;
}
nav ul {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  list-style: none;
  margin: 0;
  padding: 0;
}
nav a {
  color: #cfd6e4;
}
.topbar-end {
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 1rem;
}
.topbar-end form {
  margin: 0;
}
.viewer {
  color: #cfd6e4;
}
.bell {
  display: inline-flex;
  align-items: center;
  padding: 0.2rem 0.6rem;
  border-radius: 999px;
  background: #2d3548;
  font-weight: 400;
}
.bell.has-unread {
  background: #b91c1c;
}
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
main {
  max-width: 60rem;
  margin: 1.5rem auto;
  padding: 0 1.5rem;
}
`;
