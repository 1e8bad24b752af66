// The offline screen's one action: try the page again (a file of its own: the CSP allows no inline script).
/* global document, location */
document.getElementById('retry').addEventListener('click', () => location.reload());
