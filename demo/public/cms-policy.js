// The back office page counts the violations of its own Content-Security-Policy (a script from
// its own origin: the policy allows no inline script) and shows the number, so anyone can see the
// strict policy hold with all five elements at work.
const count = document.getElementById('violations');
const seen = [];
document.addEventListener('securitypolicyviolation', (e) => {
  seen.push(`${e.effectiveDirective} ${e.blockedURI}`);
  count.textContent = String(seen.length);
  count.title = seen.join('\n');
});
